import type { Dashboard } from '@autoroute/contract/dashboard';
import { formatTagOf } from '@autoroute/locales/meta';
import { Box, useTheme } from '@mui/material';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMoney } from '../resources/fields.tsx';

/** One month's revenue in one currency, as the dashboard's answer gives it. */
export type Revenue = Pick<Dashboard['revenueByMonth'][number], 'month' | 'amount' | 'currency'>;

const visuallyHidden = {
  position: 'absolute',
  inlineSize: 1,
  blockSize: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The month "2026-06" in the locale's words ("Jun 2026"). */
const monthName = (month: string, tag: string, style: 'short' | 'long') => {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(tag, { month: style, year: style === 'long' ? 'numeric' : '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
};

/**
 * Revenue by month as a bar chart drawn in SVG (no chart library): the picture is for the eye, and
 * the same figures are in a table for screen readers. Right to left, time runs from right to left.
 */
export function RevenueChart({ rows, currency }: { rows: Revenue[]; currency: string }) {
  const translate = useTranslate();
  const theme = useTheme();
  const [locale] = useLocaleState();
  const tag = formatTagOf(locale);
  const id = useId();
  const data = rows.filter((r) => r.currency === currency).sort((a, b) => a.month.localeCompare(b.month));
  const max = Math.max(1, ...data.map((r) => r.amount));
  const width = 640;
  const height = 240;
  const top = 24;
  const bottom = 28;
  const plot = height - top - bottom;
  const slot = width / Math.max(data.length, 1);
  const bar = Math.min(48, slot * 0.6);
  const rtl = theme.direction === 'rtl';
  const compact = new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 });
  const title = translate('backoffice.dashboard.revenueIn', { currency });

  return (
    <Box component="figure" sx={{ m: 0, position: 'relative' }}>
      <Box component="svg" viewBox={`0 0 ${width} ${height}`} aria-hidden sx={{ inlineSize: '100%', blockSize: 'auto', display: 'block' }}>
        <line x1={0} x2={width} y1={top + plot} y2={top + plot} stroke={theme.palette.divider} />
        {data.map((row, index) => {
          const h = (row.amount / max) * plot;
          const slotIndex = rtl ? data.length - 1 - index : index;
          const x = slotIndex * slot + (slot - bar) / 2;
          return (
            <g key={row.month}>
              <rect x={x} y={top + plot - h} width={bar} height={Math.max(h, 1)} rx={4} fill={theme.palette.primary.main}>
                <title>{`${monthName(row.month, tag, 'long')}: ${formatMoney(row.amount, row.currency, locale)}`}</title>
              </rect>
              <text x={x + bar / 2} y={top + plot - h - 6} textAnchor="middle" fontSize={12} fill={theme.palette.text.secondary}>
                {compact.format(row.amount)}
              </text>
              <text x={x + bar / 2} y={height - 8} textAnchor="middle" fontSize={12} fill={theme.palette.text.secondary}>
                {monthName(row.month, tag, 'short')}
              </text>
            </g>
          );
        })}
      </Box>
      <Box component="table" sx={visuallyHidden} aria-labelledby={`${id}-caption`}>
        <caption id={`${id}-caption`}>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{translate('backoffice.dashboard.month')}</th>
            <th scope="col">{translate('backoffice.dashboard.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={row.month}>
              <th scope="row">{monthName(row.month, tag, 'long')}</th>
              <td>{formatMoney(row.amount, row.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
