import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useListQuery } from './useListQuery';

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ list: useListQuery(), location: useLocation() }), { wrapper });
}

describe('useListQuery', () => {
  it('reads search and page from the URL; a bad page is page 1', () => {
    expect(setup('/admin?search=fog&page=3').result.current.list).toMatchObject({ search: 'fog', page: 3, searchInput: 'fog' });
    expect(setup('/admin?page=-2').result.current.list).toMatchObject({ search: '', page: 1 });
    expect(setup('/admin?page=abc').result.current.list.page).toBe(1);
  });

  it('a filter change goes back to page 1; page 1 is the URL without a page', () => {
    const { result } = setup('/admin?search=fog&page=3');
    act(() => result.current.list.setQuery({ category: 'Sound' }));
    expect(result.current.location.search).toBe('?search=fog&category=Sound');
    act(() => result.current.list.setPage(2));
    expect(result.current.location.search).toBe('?search=fog&category=Sound&page=2');
    act(() => result.current.list.setPage(1));
    expect(result.current.location.search).toBe('?search=fog&category=Sound');
    act(() => result.current.list.setQuery({ category: '' }));
    expect(result.current.location.search).toBe('?search=fog');
  });

  it('the search box reaches the URL after typing stops, on page 1', async () => {
    const { result } = setup('/admin?page=4');
    act(() => result.current.list.setSearchInput('  strobe '));
    expect(result.current.location.search).toBe('?page=4');
    await waitFor(() => expect(result.current.location.search).toBe('?search=strobe'));
    expect(result.current.list).toMatchObject({ search: 'strobe', page: 1 });
  });
});
