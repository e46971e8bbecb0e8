import GithubSlugger from 'github-slugger';
import { Marked, type Tokens } from 'marked';

/**
 * One guide of docs/ as HTML, the way GitHub shows it where it matters to a reader who follows links: headings carry
 * the ids GitHub gives their anchors (github-slugger is GitHub's own algorithm, duplicates numbered `-1`, `-2`), so a
 * link `webhooks.md#receiving-messages` lands on the same heading here as there. Raw HTML in a page is shown as text,
 * and images as their alternative text: a served page holds only what this renderer writes.
 */

/**
 * Where a link of a page leads once served: the href to write, or null when its target is not served (the link's text
 * stays, as plain text).
 */
export type LinkTarget = (href: string) => string | null;

export interface RenderedMarkdown {
  /** The first level-1 heading's text, or '' when the page has none. */
  title: string;
  /** The same heading as inline HTML (`<code>` kept). */
  titleHtml: string;
  html: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The text a reader sees of inline HTML written by marked: tags dropped, its five entities undone. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
}

type HeadingHtml = (depth: number, inner: string) => string;

function markedFor(target: LinkTarget, heading?: HeadingHtml): Marked {
  return new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        return heading ? heading(depth, inner) : `<h${depth}>${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        const inner = this.parser.parseInline(tokens);
        const served = target(href);
        if (served === null) return inner;
        return `<a href="${escapeHtml(served)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${inner}</a>`;
      },
      image: ({ text }) => escapeHtml(text),
      html: ({ text }) => escapeHtml(text),
    },
  });
}

/** Renders one page. `target` decides every link, outside ones included. */
export function renderMarkdown(markdown: string, target: LinkTarget): RenderedMarkdown {
  const slugger = new GithubSlugger();
  let title = '';
  let titleHtml = '';
  const html = markedFor(target, (depth, inner) => {
    const id = escapeHtml(slugger.slug(textOf(inner)));
    if (depth === 1 && titleHtml === '') {
      titleHtml = inner;
      title = textOf(inner);
    }
    return `<h${depth} id="${id}"><a class="anchor" href="#${id}" aria-hidden="true">#</a>${inner}</h${depth}>\n`;
  }).parse(markdown) as string;
  return { title, titleHtml, html };
}

/** Inline Markdown (a table cell, a heading) as HTML, its links decided by `target`. */
export function renderInline(markdown: string, target: LinkTarget): string {
  return markedFor(target).parseInline(markdown) as string;
}

/** The first table of a page: its rows' cells as Markdown, and the first link in each cell. */
export function firstTable(markdown: string): Array<Array<{ markdown: string; href: string | null }>> {
  const table = new Marked({ gfm: true }).lexer(markdown).find((token): token is Tokens.Table => token.type === 'table');
  if (!table) return [];
  return table.rows.map((row) =>
    row.map((cell) => {
      const link = cell.tokens.find((token) => token.type === 'link');
      return { markdown: cell.text, href: link && link.type === 'link' ? link.href : null };
    }),
  );
}
