import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A page's body: HTML the server sanitized (shop/richtext: no script, no event attributes, only
 * web, mail and phone links). Links to the shop's own pages move inside the app, in its language.
 */
export function PageBody({ html, className = 'prose page-body' }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href') ?? '';
    if (!a || !href.startsWith('/') || href.startsWith('//') || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(href);
  };
  // The links inside take the keyboard; the click handler only routes their clicks.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
