import { describe, expect, it } from 'vitest';
import type { DayFigures } from '../../../api/types';
import { bestDay, dayLabel, labelWidth, layoutChart, polylinePoints } from './chartModel';

const WEEK: DayFigures[] = [
  { date: '2026-11-17', revenue: 20, tax: 0, orders: 1 },
  { date: '2026-11-18', revenue: 0, tax: 0, orders: 0 },
  { date: '2026-11-19', revenue: 0, tax: 0, orders: 0 },
  { date: '2026-11-20', revenue: 8, tax: 0, orders: 1 },
  { date: '2026-11-21', revenue: 0, tax: 0, orders: 0 },
  { date: '2026-11-22', revenue: 50, tax: 0, orders: 1 },
  { date: '2026-11-23', revenue: 100.1, tax: 0, orders: 3 },
];

function days(n: number): DayFigures[] {
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(2026, 7, 26 + i));
    return { date: d.toISOString().slice(0, 10), revenue: i % 3 === 0 ? 0 : i * 10, tax: 0, orders: i % 3 === 0 ? 0 : 1 };
  });
}

describe('the chart data mapping', () => {
  it('draws one bar per day, in order, with heights proportional to revenue and zero days flat', () => {
    const c = layoutChart(WEEK, 600, 240, 'en');
    expect(c.bars.map((b) => b.date)).toEqual(WEEK.map((d) => d.date));
    for (let i = 1; i < c.bars.length; i++) expect(c.bars[i].x).toBeGreaterThan(c.bars[i - 1].x);
    const [d17, d18, , d20, , d22, d23] = c.bars;
    expect(d18.height).toBe(0);
    expect(d18.y).toBe(c.plot.bottom);
    expect(d22.height / d17.height).toBeCloseTo(50 / 20, 5);
    expect(d23.height / d20.height).toBeCloseTo(100.1 / 8, 5);
    // Every bar stands on the baseline and stays inside the plot.
    for (const b of c.bars) {
      expect(b.y + b.height).toBeCloseTo(c.plot.bottom, 5);
      expect(b.y).toBeGreaterThanOrEqual(c.plot.top);
      expect(b.x).toBeGreaterThanOrEqual(c.plot.left);
      expect(b.x + b.width).toBeLessThanOrEqual(c.plot.right + 0.001);
    }
  });

  it('puts the orders line on its own whole-number axis, one point per day at the bar centres', () => {
    const c = layoutChart(WEEK, 600, 240, 'en');
    expect(c.orderPoints).toHaveLength(7);
    expect(c.orderPoints[1].y).toBe(c.plot.bottom);
    expect(c.orderPoints[6].x).toBeCloseTo(c.bars[6].x + c.bars[6].width / 2, 5);
    expect(c.orderTicks.every((t) => Number.isInteger(t.value))).toBe(true);
    expect(c.orderTicks.at(-1)!.value).toBeGreaterThanOrEqual(3);
    // The point of 3 orders is as high as the tick of 3.
    const three = c.orderTicks.find((t) => t.value === 3);
    if (three) expect(c.orderPoints[6].y).toBeCloseTo(three.y, 5);
    expect(polylinePoints(c.orderPoints).split(' ')).toHaveLength(7);
  });

  it('labels the revenue axis in dollars with two decimals, from $0.00 up past the best day', () => {
    const c = layoutChart(WEEK, 600, 240, 'en');
    expect(c.revenueTicks[0].label).toBe('$0.00');
    expect(c.revenueTicks[0].y).toBe(c.plot.bottom);
    expect(c.revenueTicks.at(-1)!.value).toBeGreaterThanOrEqual(100.1);
    expect(c.revenueTicks.every((t) => /^\$[\d,]+\.\d\d$/.test(t.label))).toBe(true);
  });

  it('keeps an all-zero period drawable (no division by zero, flat bars)', () => {
    const zero = WEEK.map((d) => ({ ...d, revenue: 0, tax: 0, orders: 0 }));
    const c = layoutChart(zero, 390, 240, 'en');
    expect(c.bars.every((b) => b.height === 0 && Number.isFinite(b.y))).toBe(true);
    expect(c.orderPoints.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
  });

  it('fits 90 days into a phone-width chart with labels that do not collide, today always labelled', () => {
    const ninety = days(90);
    const c = layoutChart(ninety, 358, 240, 'en');
    expect(c.bars).toHaveLength(90);
    expect(c.bars.at(-1)!.x + c.bars.at(-1)!.width).toBeLessThanOrEqual(358);
    expect(c.xLabels.at(-1)!.label).toBe(dayLabel(ninety[89].date, 'en'));
    for (let i = 1; i < c.xLabels.length; i++) expect(c.xLabels[i].x - c.xLabels[i - 1].x).toBeGreaterThanOrEqual(50);
    expect(c.xLabels.length).toBeGreaterThan(2);
  });

  it('keeps every date label inside the chart, also the wide Chinese ones at the edges', () => {
    for (const lang of ['en', 'ru', 'zh']) {
      for (const n of [7, 30, 90]) {
        const c = layoutChart(days(n), 340, 240, lang);
        for (const l of c.xLabels) {
          const w = labelWidth(l.label);
          expect(l.x - w / 2, `${lang} ${n} days: ${l.label}`).toBeGreaterThanOrEqual(0);
          expect(l.x + w / 2, `${lang} ${n} days: ${l.label}`).toBeLessThanOrEqual(340);
        }
      }
    }
    expect(labelWidth('11月25日')).toBeGreaterThanOrEqual(40);
  });

  it('names UTC dates without shifting them into the local time zone', () => {
    expect(dayLabel('2026-11-23', 'en')).toBe('Nov 23');
    expect(dayLabel('2026-01-01', 'en', true)).toBe('Jan 1, 2026');
    expect(dayLabel('not a date', 'en')).toBe('not a date');
  });

  it('finds the best day of the period, none when nothing sold', () => {
    expect(bestDay([...WEEK, { date: '2026-11-24', revenue: 0.2, tax: 0, orders: 1 }])?.date).toBe('2026-11-23');
    expect(bestDay([{ date: '2026-11-23', revenue: 0, tax: 0, orders: 0 }])).toBeNull();
  });
});
