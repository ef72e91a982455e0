import { api, requestBlob } from '../../../api/client';

/** One problem of an import: the CSV's line (the header is line 1), its column and what is wrong. */
export interface ImportError {
  row: number;
  field: string;
  message: string;
}

/** The answer of POST /api/admin/products/import (a dry run writes nothing). */
export interface ImportResult {
  rows: number;
  created: number;
  updated: number;
  dryRun: boolean;
  errors: ImportError[];
}

/** GET /api/admin/products/import/progress: the running (or last) import's rows checked or written and errors so far. */
export interface ImportProgress {
  running: boolean;
  dryRun: boolean;
  phase: 'idle' | 'checking' | 'writing' | 'done';
  rows: number;
  rowsDone: number;
  errors: number;
  created: number;
  updated: number;
}

export const importProgress = (signal?: AbortSignal) => api.get<ImportProgress>('/admin/products/import/progress', { signal });

/** Sends the CSV file; dryRun checks every row and writes nothing. */
export function importProducts(file: File, dryRun: boolean): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return api.post<ImportResult>('/admin/products/import', form, { query: { dryRun: dryRun ? '1' : undefined } });
}

/** Downloads every product as CSV (the import's columns). */
export async function downloadProductsCsv() {
  const blob = await requestBlob('/admin/products/export.csv');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'products.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
