import { describe, expect, it } from "vitest";
import {
  appearanceColumn,
  cartoonSpecColumn,
  catalogueLookColumn,
  catalogueNamesColumn,
  faceParamsColumn,
  JsonColumnError,
  roleNamesColumn,
} from "./json-column.ts";

describe("JSON column codecs", () => {
  it("round-trips every shape, with the same text JSON.stringify gives (the seed compares it)", () => {
    const face = { "eye.size": 0.8, "chin.length": -0.4 };
    const values: [{ encode(v: never): string; decode(t: string): unknown }, unknown][] = [
      [faceParamsColumn, face],
      [appearanceColumn, { skinTone: 0.2, hairColor: "#d9468f" }],
      [roleNamesColumn, { ZH_CN: "艾莉亚", ZH_TN: "艾莉亞" }],
      [catalogueNamesColumn, { EN: "Cap", ZH_CN: "帽子", ZH_TN: "帽子" }],
      [catalogueLookColumn, { slot: "headwear", style: "cap", color: "#112233", accent: "#445566" }],
      [cartoonSpecColumn, { sex: 2, faceParams: face, appearance: {}, name: "Toon" }],
    ];
    for (const [codec, value] of values) {
      const text = codec.encode(value as never);
      expect(text).toBe(JSON.stringify(value));
      expect(codec.decode(text)).toEqual(value);
    }
  });

  it("refuses stored text that is not JSON, naming the column", () => {
    expect(() => faceParamsColumn.decode("{not json")).toThrow(JsonColumnError);
    expect(() => faceParamsColumn.decode("{not json")).toThrow("JSON column faceParams: stored text is not JSON");
    expect(() => catalogueNamesColumn.decode("")).toThrow("CatalogueItem.names");
  });

  it("refuses a stored value of the wrong shape, saying where", () => {
    expect(() => faceParamsColumn.decode('{"eye.size": 1.5}')).toThrow(/faceParams: \/eye.size .*1/);
    expect(() => faceParamsColumn.decode('{"made.up": 0.1}')).toThrow(JsonColumnError);
    expect(() => faceParamsColumn.decode("[0.1]")).toThrow(JsonColumnError);
    expect(() => appearanceColumn.decode('{"hairColor": "red"}')).toThrow(/appearance: \/hairColor/);
    expect(() => catalogueNamesColumn.decode('{"EN": "Cap"}')).toThrow(JsonColumnError);
    expect(() => catalogueLookColumn.decode("null")).toThrow(JsonColumnError);
    expect(() => cartoonSpecColumn.decode('{"sex": 3, "faceParams": {}, "appearance": {}}')).toThrow(/\/sex/);
  });

  it("refuses to encode a value of the wrong shape", () => {
    expect(() => faceParamsColumn.encode({ "eye.size": 2 })).toThrow(JsonColumnError);
    expect(() => appearanceColumn.encode({ skinTone: -1 })).toThrow(JsonColumnError);
    expect(() => catalogueNamesColumn.encode({ EN: "x" } as never)).toThrow(JsonColumnError);
  });

  it("decodeOr answers the fallback on a bad value, the value otherwise", () => {
    expect(faceParamsColumn.decodeOr("{oops", {})).toEqual({});
    expect(faceParamsColumn.decodeOr('{"eye.size": 9}', {})).toEqual({});
    expect(roleNamesColumn.decodeOr('{"ZH_CN": "凯"}', {})).toEqual({ ZH_CN: "凯" });
  });
});

describe("decoding a text again", () => {
  it("hands each reader its own value, and still refuses a bad text", () => {
    const text = JSON.stringify({ EN: "Cat ears", ZH_CN: "猫耳", ZH_TN: "貓耳" });
    const first = catalogueNamesColumn.decode(text);
    const second = catalogueNamesColumn.decode(text);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    first.EN = "changed";
    expect(catalogueNamesColumn.decode(text).EN).toBe("Cat ears");
    expect(() => catalogueNamesColumn.decode(JSON.stringify({ EN: "Cat ears" }))).toThrow(JsonColumnError);
  });
});
