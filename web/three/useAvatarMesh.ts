import { useEffect, useState } from "react";
import { type AvatarMesh, type AvatarStyle, buildAvatar, type LookAppearance } from "../../shared/avatar/index.ts";

const cache = new Map<string, AvatarMesh>();

/**
 * The bare bust for a sex, style and the look's shapes (its cut, glasses and facial hair), built once per page load and
 * shared by the face editor, the creator and the plan preview (none of them changes it). Building
 * takes most of a second, so it runs after the page has painted its loading state rather than
 * during render.
 */
export function useAvatarMesh(
  sex: 1 | 2 | null,
  style: AvatarStyle = "realistic",
  { hairStyle, glasses, beard }: Pick<LookAppearance, "hairStyle" | "glasses" | "beard"> = {},
): AvatarMesh | null {
  const key = `${sex}:${style}:${hairStyle ?? ""}:${glasses ?? ""}:${beard ?? ""}`;
  const [mesh, setMesh] = useState<AvatarMesh | null>(() => (sex ? (cache.get(key) ?? null) : null));
  useEffect(() => {
    if (!sex) return;
    const cached = cache.get(key);
    if (cached) return setMesh(cached);
    // another cut (or frame, or beard) of the same bust stays up while this one builds; another sex or style does not
    setMesh((shown) => (shown && shown.sex === sex && shown.style === style ? shown : null));
    const timer = setTimeout(() => {
      const built = buildAvatar({ sex, style, hairStyle, glasses, beard });
      cache.set(key, built);
      setMesh(built);
    }, 30);
    return () => clearTimeout(timer);
  }, [sex, style, hairStyle, glasses, beard, key]);
  return mesh;
}
