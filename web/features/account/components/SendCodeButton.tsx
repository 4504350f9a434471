import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCountdown } from "./useCountdown.ts";

interface SendCodeButtonProps {
  /** Validates the target and sends; answers whether a code went out (then the 60 s cooldown runs). */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
}

/** 'Send code', then 'Resend in 59 s' … for the 60 s resend cooldown. */
export function SendCodeButton({ onSend, disabled }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { left, start } = useCountdown(60);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  const onClick = async () => {
    setSending(true);
    try {
      if (await onSend()) {
        start();
        setSentOnce(true);
      }
    } finally {
      setSending(false);
    }
  };

  let label = sentOnce ? t("account.resendCode") : t("account.sendCode");
  if (sending) label = t("account.sending");
  else if (left > 0) label = t("account.resendIn", { seconds: left });
  return (
    <button
      type="button"
      className="btn btn--ghost field__action"
      data-testid="send-code"
      disabled={disabled || sending || left > 0}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
