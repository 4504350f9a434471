import { useTranslation } from "react-i18next";
import { ORDER_RANGES, type OrderRange } from "../../../shared/orders.ts";

/**
 * The order lists' filter (spec sections 2 and 9: all, today, last 7 days, last 30 days), shared by
 * the spending record and My purchases' shop orders.
 */
export function OrderRangeFilter({
  range,
  onChange,
  testIdPrefix = "range",
}: {
  range: OrderRange;
  onChange: (range: OrderRange) => void;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="segmented" aria-label={t("orders.filter")}>
      {ORDER_RANGES.map((r) => (
        <button
          key={r}
          type="button"
          className={`segmented__option${r === range ? " segmented__option--on" : ""}`}
          aria-pressed={r === range}
          data-testid={`${testIdPrefix}-${r}`}
          onClick={() => onChange(r)}
        >
          {t(`orders.ranges.${r}`)}
        </button>
      ))}
    </fieldset>
  );
}
