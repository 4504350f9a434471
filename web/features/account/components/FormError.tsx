/** The service's answer to a submitted form, inline (section 8's calls without a toast). */
export function FormError({ message, testId = "form-error" }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

/** A success note inline ('Code sent to j***@example.com'). */
export function FormNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-note" role="status" data-testid="form-note">
      {message}
    </p>
  );
}
