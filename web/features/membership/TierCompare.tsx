import { useTranslation } from "react-i18next";
import type { VipCompare } from "../../../shared/schemas/orders.ts";
import { useVipCompare } from "./api.ts";

/**
 * The tiers side by side (docs/decisions/055): one column per tier, one row per live mode, limit
 * and catalogue count, as the server's comparison says. A real table, so a screen reader reads
 * each cell with its row and column; on a phone it scrolls sideways with the first column held.
 */
export function TierCompare({ current }: { current?: string | undefined }) {
  const { t } = useTranslation();
  const compare = useVipCompare();
  if (!compare.data) return null;
  const { tiers, tierNames, rows } = compare.data;
  const groups: VipCompare["rows"][number]["group"][] = ["live", "limits", "catalogue", "service"];
  return (
    <section className="compare" aria-labelledby="compare-title" data-testid="tier-compare">
      <h2 id="compare-title">{t("member.compare.title")}</h2>
      {/* it scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe scrollable-region-focusable) */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys */}
      <section className="compare__scroll" aria-labelledby="compare-title" tabIndex={0}>
        <table className="compare__table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t("member.compare.feature")}</span>
              </th>
              {tiers.map((tier, i) => (
                <th
                  key={tier}
                  scope="col"
                  className={`compare__tier compare__tier--${tier}${current === tier ? " compare__tier--current" : ""}`}
                >
                  {tierNames[i]}
                  {current === tier && <span className="compare__yours">{t("member.compare.yours")}</span>}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => {
            const inGroup = rows.filter((r) => r.group === group);
            if (inGroup.length === 0) return null;
            return (
              <tbody key={group}>
                <tr className="compare__group">
                  <th scope="colgroup" colSpan={tiers.length + 1}>
                    {t(`member.compare.groups.${group}`)}
                  </th>
                </tr>
                {inGroup.map((row) => (
                  <tr key={row.key} data-testid={`compare-${row.key}`}>
                    <th scope="row">{t(`member.compare.rows.${row.key}`, { defaultValue: row.key })}</th>
                    {row.values.map((value, i) => (
                      <td key={tiers[i]}>
                        {typeof value === "number" ? (
                          value
                        ) : value ? (
                          <span className="compare__yes">
                            <span aria-hidden="true">✓</span>
                            <span className="visually-hidden">{t("member.compare.yes")}</span>
                          </span>
                        ) : (
                          <span className="compare__no">
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">{t("member.compare.no")}</span>
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      </section>
    </section>
  );
}
