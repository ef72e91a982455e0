import { cut, element, fill, rangeOver, splice } from './splice';

const card = (stock: string, media: string) => `<article><div class="media">${media}</div><span class="badge ${stock}">x</span></article>`;

describe('splice', () => {
  it('keeps the common markup once and branches where the variants differ, whole tags only', () => {
    const out = splice(card('green', '<img src="a">'), [
      { field: '.Media', variants: [{ when: '1', html: card('green', '<img src="a">') }, { when: '0', html: card('green', '') }] },
      { field: '.Stock', variants: [{ when: 'in', html: card('green', '<img src="a">') }, { when: 'out', html: card('red', '<img src="a">') }] },
    ]);
    expect(out).toBe(
      '<article><div class="media">{{if eq .Media "1"}}<img src="a">{{else}}{{end}}</div>' +
        '{{if eq .Stock "in"}}<span class="badge green">{{else}}<span class="badge red">{{end}}x</span></article>',
    );
  });

  it('refuses regions that overlap and renders Go would read as actions', () => {
    const base = '<p>ab</p>';
    expect(() =>
      splice(base, [
        { field: '.A', variants: [{ when: '1', html: base }, { when: '2', html: '<p>xb</p>' }] },
        { field: '.B', variants: [{ when: '1', html: base }, { when: '2', html: '<p>xy</p>' }] },
      ]),
    ).toThrow(/overlaps/);
    expect(() => splice('<p>{{x}}</p>', [])).toThrow(/action/);
  });
});

it('rangeOver repeats the list item holding the marker', () => {
  expect(rangeOver('<dl><div><dt>K</dt><dd>V</dd></div></dl><p>after</p>', 'K', 'dl', '.Items')).toBe(
    '<dl>{{range .Items}}<div><dt>K</dt><dd>V</dd></div>{{end}}</dl><p>after</p>',
  );
});

it('fill replaces every marker and insists each is there', () => {
  expect(fill('<a href="/p/ID">ID</a>', { ID: '{{.ID}}' })).toBe('<a href="/p/{{.ID}}">{{.ID}}</a>');
  expect(() => fill('<a></a>', { ID: '{{.ID}}' })).toThrow(/not rendered/);
});

it('cut and element take the whole element holding an attribute, nested tags of its kind included', () => {
  const html = '<div a="1"><div data-testid="x"><div><img src="i"></div><p>t</p></div><p>after</p></div>';
  expect(element(html, 'data-testid="x"')).toBe('<div data-testid="x"><div><img src="i"></div><p>t</p></div>');
  expect(cut(html, 'data-testid="x"', 'MARK')).toBe('<div a="1">MARK<p>after</p></div>');
  expect(() => cut(html, 'data-testid="y"', 'MARK')).toThrow(/not rendered/);
});
