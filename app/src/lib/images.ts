export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';

export type ThumbSize = '400x300' | '120x120';

/** URL of a product image, optionally a server thumbnail; the placeholder when there is none. */
export function productImageUrl(fileName: string | null | undefined, thumb?: ThumbSize): string {
  if (!fileName) return PLACEHOLDER_IMAGE;
  const url = `/images/products/${encodeURIComponent(fileName)}`;
  return thumb ? `${url}?thumb=${thumb}` : url;
}
