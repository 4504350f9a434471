import { useTranslation } from "react-i18next";
import type { PayChannel } from "../../../shared/orders.ts";

/**
 * The payment method as a radio group (issue 47): each method a labelled card with a visible
 * radio and what it means (scan with the app, WeChat's cap, a card form). With one method (the
 * international site) the card says it is the site's only one, so it cannot pass for a toggle.
 */
export function PayMethodChoice({
  channels,
  chosen,
  onChoose,
}: {
  channels: PayChannel[];
  chosen: PayChannel;
  onChoose(channel: PayChannel): void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="pay-methods" data-testid="pay-methods">
      <legend className="pay-methods__legend">{t("member.channel")}</legend>
      <div className="pay-methods__list">
        {channels.map((c) => (
          <label key={c} className={`pay-method pay-method--${c}${c === chosen ? " pay-method--on" : ""}`}>
            <input
              type="radio"
              name="channel"
              value={c}
              checked={c === chosen}
              onChange={() => onChoose(c)}
              data-testid={`channel-${c}`}
            />
            <span className="pay-method__text">
              <span className="pay-method__name">{t(`member.channels.${c}`)}</span>
              <span className="pay-method__note">
                {t(channels.length === 1 ? "member.channelOnly" : `member.channelNotes.${c}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
