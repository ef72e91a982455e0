import { useEffect } from 'react';

/** Sets document.title to "{title} – StageShop" while mounted. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} – StageShop`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
