import { useState, type FormEvent, type SetStateAction } from 'react';
import { isApiError } from '../api/client';

/**
 * The app's one form pattern (register, login, profile, password reset, checkout, contact,
 * the admin product form): values, the form's rules written once, when a problem shows,
 * and the server's field errors put on the fields they are about.
 */

/** Field path -> the translation key of its first failed rule (rules) or a text (server). */
export type Problems = Record<string, string>;

/** Error codes that are about one field: the translated text of the code then shows on it. */
const CODE_FIELDS: Record<string, string> = { email_taken: 'email' };

/**
 * The field errors of a failed request, keyed by the form's field paths: the API's `errors`
 * (keyed by JSON paths of the request; `toPath` renames them, several landing on one field
 * are joined) and, for a code about one field, `codeText` on that field.
 */
export function serverFieldErrors(error: unknown, codeText?: string, toPath: (path: string) => string = (p) => p): Problems {
  const out: Problems = {};
  if (!isApiError(error)) return out;
  for (const [path, message] of Object.entries(error.errors ?? {})) {
    const field = toPath(path);
    out[field] = out[field] ? `${out[field]} ${message}` : message;
  }
  const field = CODE_FIELDS[error.code];
  if (field && codeText && !out[field]) out[field] = codeText;
  return out;
}

/** The errors below `prefix` (`shippingInfo.city` -> `city`), for a form that edits that part of a request. */
export function errorsBelow(errors: Problems, prefix: string): Problems {
  const out: Problems = {};
  for (const [k, v] of Object.entries(errors)) if (k.startsWith(`${prefix}.`)) out[k.slice(prefix.length + 1)] = v;
  return out;
}

/** Whether `path` is `key` or lies below it (`name.en` below `name`). */
const within = (path: string, key: string) => path === key || path.startsWith(`${key}.`);

export interface FormOptions<V extends object> {
  /** The starting values, when the form keeps them. */
  initial?: V | (() => V);
  /** The values, when the caller keeps them (the checkout's saved draft); `onValues` gets every change. */
  values?: V;
  onValues?: (next: V) => void;
  /** The form's rules, written once: a translation key per failing field, the first problem first. */
  rules?: (values: V) => Problems;
  /** A rule's key as the text shown. */
  message: (key: string) => string;
  /**
   * Rule problems show on their fields once a field was left or the form submitted (default);
   * false: the form shows only a summary of them (server field errors still land on fields).
   */
  inline?: boolean;
  /** Server field errors known when the form opens (a refused order sends the shopper back to a step). */
  serverErrors?: Problems;
}

/** A form's state; see FormOptions. */
export function useForm<V extends object>(options: FormOptions<V>) {
  const { rules, message, inline = true, onValues } = options;
  const [own, setOwn] = useState<V>(options.initial ?? ({} as V));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Problems>(() => options.serverErrors ?? {});
  const values = options.values ?? own;
  const problems = rules ? rules(values) : {};

  const clearServer = (key: string) =>
    setServer((prev) => {
      const keys = Object.keys(prev).filter((p) => within(p, key));
      if (!keys.length) return prev;
      const next = { ...prev };
      keys.forEach((k) => delete next[k]);
      return next;
    });

  /** Changes one value; the server's errors on it (and below it) go, the shown value is no longer what it refused. */
  function set<K extends keyof V & string>(key: K, action: SetStateAction<V[K]>) {
    const apply = (prev: V): V => ({ ...prev, [key]: typeof action === 'function' ? (action as (p: V[K]) => V[K])(prev[key]) : action });
    if (onValues) onValues(apply(values));
    else setOwn(apply);
    clearServer(key);
  }

  const touch = (path: string) => setTouched((prev) => (prev.has(path) ? prev : new Set(prev).add(path)));

  /** The text under a field: the server's, else its rule's once the field was left or the form submitted. */
  function error(path: string): string | undefined {
    if (server[path]) return server[path];
    const key = problems[path];
    return key && inline && (submitted || touched.has(path)) ? message(key) : undefined;
  }

  /** Props for a FormField bound to a text value. */
  const field = <K extends keyof V & string>(key: K) => ({
    value: String(values[key] ?? ''),
    onChange: (value: string) => set(key, value as V[K]),
    onBlur: () => touch(key),
    error: error(key),
  });

  /**
   * Submit handler: with problems, `onInvalid` gets them and the first one's text (for a
   * summary); else the server's old errors go and `onValid` runs.
   */
  const handleSubmit = (onValid: (values: V) => void, onInvalid?: (problems: Problems, first: string) => void) => (e?: FormEvent) => {
    e?.preventDefault();
    setSubmitted(true);
    const first = firstProblem(problems);
    if (first !== undefined) {
      onInvalid?.(problems, message(first));
      return;
    }
    setServer({});
    onValid(values);
  };

  /** Puts a failed request's field errors on the fields (see serverFieldErrors) and returns them. */
  function serverFailed(err: unknown, codeText?: string, toPath?: (path: string) => string): Problems {
    const errors = serverFieldErrors(err, codeText, toPath);
    setServer(errors);
    return errors;
  }

  /** Starts over from `next`: nothing left, not submitted, no server errors. */
  function reset(next: V) {
    if (onValues) onValues(next);
    else setOwn(next);
    setTouched(new Set());
    setSubmitted(false);
    setServer({});
  }

  return { values, set, touch, error, field, problems, submitted, handleSubmit, serverFailed, reset, serverErrors: server };
}

export type Form<V extends object> = ReturnType<typeof useForm<V>>;

/** The first problem's key (rules list the first problem first), for a form's summary. */
const firstProblem = (problems: Problems): string | undefined => Object.values(problems)[0];
