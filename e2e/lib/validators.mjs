// Checkers nobody here wrote, run over the shop's pages (issue 50): the Nu HTML Checker
// (npm vnu-jar, pinned in package-lock.json, on Debian's Java: JAVA_PATH from
// scripts/ensure-java.sh), Adobe's structured-data validator with Google's rich-result rules,
// and the sitemaps.org schema (xmllint: XMLLINT_PATH from scripts/ensure-xmllint.sh).
import { execFile, spawn } from 'node:child_process';
import { freePort } from './server.mjs';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import Validator from '@adobe/structured-data-validator';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/** The path of a tool the Makefile's ensure-* script found, or a clear stop. */
function tool(name, script) {
  const path = process.env[name];
  if (!path || !existsSync(path)) {
    throw new Error(`${name} must point at the program (got ${JSON.stringify(path)}): run \`make test-e2e\`, or set it from scripts/${script}`);
  }
  return path;
}

/**
 * Starts the Nu HTML Checker as a service on a free loopback port: one JVM for every document
 * of a run (a JVM per page would cost seconds each), checking documents while the browser
 * loads the next ones. `check(html)` resolves to the document's errors ("line:col message
 * [extract]"); `stop()` ends the JVM.
 */
export async function startNu() {
  const java = tool('JAVA_PATH', 'ensure-java.sh');
  const jar = String(require('vnu-jar')); // the package's export is the jar's path
  const port = await freePort();
  const child = spawn(java, ['-Xss8m', '-Dnu.validator.servlet.bind-address=127.0.0.1', '-cp', jar, 'nu.validator.servlet.Main', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}/?out=json`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Nu HTML Checker stopped (exit ${child.exitCode}):\n${log}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() - started > 120_000) {
      child.kill();
      throw new Error(`the Nu HTML Checker did not start in 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    startedInMs: Date.now() - started,
    async check(html) {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: html });
      if (!res.ok) throw new Error(`the Nu HTML Checker answered ${res.status}`);
      const { messages } = await res.json();
      return messages
        .filter((m) => m.type === 'error' || m.subType === 'fatal')
        .map((m) => `${m.lastLine ?? '?'}:${m.lastColumn ?? '?'} ${m.message} [${(m.extract ?? '').replace(/\s+/g, ' ').slice(0, 140)}]`);
    },
    async stop() {
      child.kill();
    },
  };
}

const extractor = new WebAutoExtractor({ addLocation: false, embedSource: false });
const validator = new Validator(); // no schema.org vocabulary: Google's rich-result rules

/**
 * The structured data of a page (JSON-LD, microdata, RDFa) under Google's rules: its
 * errors and warnings, each "Type: message (fields)", and the types found.
 */
export async function structuredData(html) {
  const data = extractor.parse(html);
  const types = Object.entries(data.jsonld ?? {}).flatMap(([type, items]) => items.map(() => type));
  const issues = await validator.validate(data);
  const line = (i) => `${i.rootType}: ${i.issueMessage}${i.fieldNames?.length ? ` (${i.fieldNames.join(', ')})` : ''}`;
  return {
    types,
    data,
    errors: issues.filter((i) => i.severity === 'ERROR').map(line),
    warnings: issues.filter((i) => i.severity !== 'ERROR').map(line),
  };
}

/**
 * Validates XML files against an XSD with xmllint; returns the error lines per file
 * (empty when the file is valid).
 */
export async function xsdErrors(files, schema) {
  const xmllint = tool('XMLLINT_PATH', 'ensure-xmllint.sh');
  const out = new Map();
  for (const f of files) {
    try {
      await run(xmllint, ['--noout', '--nonet', '--schema', schema, f]);
      out.set(f, []);
    } catch (e) {
      out.set(f, String(e.stderr || e.message).split('\n').filter((l) => l && !/validates$|fails to validate$/.test(l)));
    }
  }
  return out;
}

/**
 * The sitemaps.org schemas: the urlset's from npm's `sitemap` package (pinned), with the
 * project's own declaration of the one XHTML element a sitemap may carry (<xhtml:link
 * rel="alternate" hreflang href>, as Google documents), which the schema's strict wildcard
 * demands; and the index's, written from the protocol (sitemaps.org/protocol.html).
 */
export function sitemapSchemas(dir) {
  mkdirSync(dir, { recursive: true });
  const urlset = join(here, '..', 'node_modules', 'sitemap', 'schema', 'sitemap.xsd'); // not among the package's exports
  const own = join(here, '..', 'schemas');
  const all = join(dir, 'urlset-with-alternates.xsd');
  writeFileSync(
    all,
    `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="${urlset}"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="${join(own, 'xhtml-link.xsd')}"/>
</xsd:schema>
`,
  );
  return { urlset: all, index: join(own, 'sitemap-index.xsd') };
}
