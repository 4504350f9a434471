import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal/Modal.tsx";

/**
 * Asks for a name (save a face, rename an avatar). An empty name is refused inline with
 * `emptyMessage`; `onSubmit` answers whether the dialog may close.
 */
export function NameDialog({
  title,
  initial,
  emptyMessage,
  submitText,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: string;
  emptyMessage: string;
  submitText: string;
  onSubmit(name: string): Promise<boolean>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.select(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(emptyMessage);
    setBusy(true);
    try {
      if (await onSubmit(trimmed)) return;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      className="dialog dialog--confirm name-dialog"
      aria-labelledby={titleId}
      data-testid="name-dialog"
      initialFocus={input}
      onClose={onCancel}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <label htmlFor={inputId} className="name-dialog__label">
          {t("avatars.name")}
        </label>
        <input
          ref={input}
          id={inputId}
          className="name-dialog__input"
          value={name}
          maxLength={40}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
        />
        <p id={errorId} className="name-dialog__error" role="alert" data-testid="name-error">
          {error}
        </p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {submitText}
          </button>
        </div>
      </form>
    </Modal>
  );
}
