import type { Problems } from './form';

/** A business buyer's details for the invoice; both optional. */
export interface BusinessDetails {
  companyName: string;
  taxId: string;
}

/** Tax IDs across countries: letters, digits and the separators they are written with (the server's rule). */
const TAX_ID = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;

/** The rules of a company name and tax ID: translation keys (checkout:validation.*) of the fields that fail. */
export function businessProblems(b: BusinessDetails): Problems {
  const out: Problems = {};
  if (b.companyName.trim().length > 200) out.companyName = 'companyName';
  const id = b.taxId.trim();
  if (id && (id.length > 50 || !TAX_ID.test(id))) out.taxId = 'taxId';
  return out;
}
