import { scaleBand, scaleLinear } from 'd3-scale';
import { formatPrice } from '../../../lib/format';
import type { DayFigures } from '../../../api/types';

const LOCALES: Record<string, string> = { en: 'en-US', ru: 'ru-RU', zh: 'zh-CN' };

/** A UTC date ("2026-11-23") as a short day label in the language ("Nov 23"), never shifted by the local zone. */
export function dayLabel(date: string, lang: string, withYear = false): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString(LOCALES[lang] ?? 'en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

interface Tick {
  value: number;
  y: number;
  label: string;
}

interface Bar extends DayFigures {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Everything the SVG draws, in pixels of a `width` x `height` box. */
export interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  bars: Bar[];
  /** The orders line: one point per day at the centre of its bar. */
  orderPoints: { x: number; y: number }[];
  revenueTicks: Tick[];
  orderTicks: Tick[];
  xLabels: { x: number; label: string }[];
}

const TOP = 12;
const BOTTOM = 28;
const CHAR_PX = 6.6; // average width of an 11 px label character
const MIN_LABEL_GAP = 56;
const WIDE_CHAR_PX = 11; // a CJK character at 11 px is about square

/** The estimated width of an axis label in pixels (CJK characters count wide). */
export function labelWidth(label: string): number {
  let w = 0;
  for (const ch of label) w += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? WIDE_CHAR_PX : CHAR_PX;
  return Math.ceil(w);
}

/** Lays out revenue bars (left axis, dollars) and an orders line (right axis, whole numbers) for every day given. */
export function layoutChart(days: DayFigures[], width: number, height: number, lang: string): ChartLayout {
  const maxRevenue = Math.max(0, ...days.map((d) => d.revenue));
  const maxOrders = Math.max(0, ...days.map((d) => d.orders));
  const revenueScale = scaleLinear().domain([0, maxRevenue || 1]).nice(4);
  const orderScale = scaleLinear().domain([0, Math.max(maxOrders, 1)]).nice(4);
  const revenueValues = revenueScale.ticks(4);
  const orderValues = orderScale.ticks(Math.min(4, Math.max(1, orderScale.domain()[1]))).filter(Number.isInteger);
  const revenueLabels = revenueValues.map((v) => formatPrice(v, lang));
  const orderLabels = orderValues.map((v) => String(v));

  const left = 8 + Math.max(...revenueLabels.map(labelWidth));
  const right = width - 8 - Math.max(labelWidth('0'), ...orderLabels.map(labelWidth));
  const top = TOP;
  const bottom = height - BOTTOM;
  revenueScale.range([bottom, top]);
  orderScale.range([bottom, top]);
  const x = scaleBand<string>()
    .domain(days.map((d) => d.date))
    .range([left, Math.max(left + 1, right)])
    .paddingInner(days.length > 40 ? 0.1 : 0.25)
    .paddingOuter(0.1);

  const bars = days.map((d) => {
    const y = revenueScale(d.revenue);
    return { ...d, x: x(d.date) ?? left, y, width: x.bandwidth(), height: bottom - y };
  });
  const step = Math.max(1, Math.ceil(MIN_LABEL_GAP / Math.max(x.step(), 1)));
  // Labels run from the newest day backwards, so today always has one.
  const xLabels = bars
    .filter((_, i) => (bars.length - 1 - i) % step === 0)
    .map((b) => {
      const label = dayLabel(b.date, lang);
      // Centred under its bar, but moved inwards where it would run past the chart's edge
      // (today's label at the right edge: "11月25日" was cut off on a phone).
      const half = labelWidth(label) / 2 + 2;
      return { x: Math.min(width - half, Math.max(half, b.x + b.width / 2)), label };
    });

  return {
    width,
    height,
    plot: { left, right, top, bottom },
    bars,
    orderPoints: bars.map((b) => ({ x: b.x + b.width / 2, y: orderScale(b.orders) })),
    revenueTicks: revenueValues.map((v, i) => ({ value: v, y: revenueScale(v), label: revenueLabels[i] })),
    orderTicks: orderValues.map((v, i) => ({ value: v, y: orderScale(v), label: orderLabels[i] })),
    xLabels,
  };
}

/** The points of an SVG polyline. */
export function polylinePoints(points: { x: number; y: number }[]): string {
  return points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

/** The best day of the period (the most revenue; null when nothing sold), for the chart's accessible summary. */
export function bestDay(days: DayFigures[]): DayFigures | null {
  let best: DayFigures | null = null;
  for (const d of days) if (d.revenue > 0 && (!best || d.revenue > best.revenue)) best = d;
  return best;
}
