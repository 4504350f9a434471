import "./help.css";

/**
 * A document or announcement body. The server renders Markdown with raw HTML switched off
 * (docs/decisions/022), so its HTML holds no script, event handler or javascript: link.
 */
export function DocBody({ html, testId }: { html: string; testId?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered Markdown without raw HTML (decision 022)
  return <div className="doc-body" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
