export interface FaqEntry {
  q: string;
  a: string;
}

export const FAQ_CATEGORIES = ['products', 'shipping', 'returns', 'technical'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** Questions of every category whose question or answer contains each word of the query. */
export function searchFaq(questions: Partial<Record<FaqCategory, FaqEntry[]>>, query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const hits: { category: FaqCategory; entry: FaqEntry }[] = [];
  for (const category of FAQ_CATEGORIES) {
    for (const entry of questions[category] ?? []) {
      const text = `${entry.q} ${entry.a}`.toLowerCase();
      if (words.every((w) => text.includes(w))) hits.push({ category, entry });
    }
  }
  return hits;
}
