/** A question and its answer (sanitized HTML from the FAQ page's body). */
export interface FaqEntry {
  q: string;
  a: string;
  /** The answer's text, for the search. */
  text: string;
}

/** A group of questions (a tab): the text of an `##` heading of the page. */
export interface FaqGroup {
  name: string;
  entries: FaqEntry[];
}

/** The FAQ page's body split up: what comes before the first group, and the groups of `###` questions. */
export interface Faq {
  intro: string;
  groups: FaqGroup[];
}

/**
 * Reads the FAQ page the owner keeps in /admin/pages: each `## Group` heading starts a tab, each
 * `### Question` under it a question whose answer is what follows until the next heading.
 */
export function parseFaq(html: string): Faq {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const faq: Faq = { intro: '', groups: [] };
  let entry: FaqEntry | null = null;
  for (const node of Array.from(doc.body.childNodes)) {
    const el = node instanceof Element ? node : null;
    if (el?.tagName === 'H2') {
      faq.groups.push({ name: el.textContent?.trim() ?? '', entries: [] });
      entry = null;
    } else if (el?.tagName === 'H3' && faq.groups.length) {
      entry = { q: el.textContent?.trim() ?? '', a: '', text: '' };
      faq.groups[faq.groups.length - 1].entries.push(entry);
    } else if (entry) {
      entry.a += el ? el.outerHTML : (node.textContent ?? '');
      entry.text += ` ${node.textContent ?? ''}`;
    } else if (!faq.groups.length) {
      faq.intro += el ? el.outerHTML : (node.textContent ?? '');
    }
  }
  return faq;
}

/** Questions of every group whose question or answer contains each word of the query. */
export function searchFaq(groups: FaqGroup[], query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const hits: { group: string; entry: FaqEntry }[] = [];
  for (const group of groups) {
    for (const entry of group.entries) {
      const text = `${entry.q} ${entry.text}`.toLowerCase();
      if (words.every((w) => text.includes(w))) hits.push({ group: group.name, entry });
    }
  }
  return hits;
}
