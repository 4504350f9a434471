/**
 * Help documents and announcements are Markdown, rendered here with raw HTML switched off: a
 * `<script>` or `<img onerror>` in a stored text comes out as escaped text, and markdown-it's
 * link validation drops `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs. The web
 * inserts the result as it is. External links open in a new tab without the opener.
 */

import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = String(token?.attrGet("href") ?? "");
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer");
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The page shows the title itself: a first-line `# Heading` in the source is left out. */
export const renderMarkdown = (source: string): string => md.render(source.replace(/^#\s[^\n]*\n+/, ""));

/** The first paragraph as plain text, for list summaries. */
export function summaryOf(source: string, max = 160): string {
  const paragraph =
    source
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !p.startsWith("#") && !p.startsWith("|") && !p.startsWith("---")) ?? "";
  const plain = paragraph
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#]/g, "")
    .replace(/^\s*[-+]\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
