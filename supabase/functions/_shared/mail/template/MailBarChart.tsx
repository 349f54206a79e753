// A bar chart in a mail, made of table cells and inline styles: a row per bar with its label, a coloured cell as long
// as its share of the largest value, and the value written out. No script and no image, so every mail program shows
// it, images blocked or not. The bars are the strong brand colour, 3:1 or more against the card in either theme (the
// dark one comes from the layout's stylesheet). The plain-text part keeps each label with its value under the caption,
// without the bars.
// React in scope: every tool that reads this file (Deno, tsx, ts-jest) compiles its JSX the same way with it.
import React, { type CSSProperties } from 'react';
import { lightColors } from './mailTheme.ts';
import { CaptionedTable } from './MailTable.tsx';

export interface MailChartBar {
  label: string;
  value: number;
  /** The value as the reader reads it ("1,204"). */
  valueText: string;
}

export interface MailBarChartParts {
  caption: string;
  bars: readonly MailChartBar[];
}

const textCell: CSSProperties = {
  padding: '4px 8px 4px 0',
  fontSize: '14px',
  lineHeight: '1.4',
  whiteSpace: 'nowrap',
  color: lightColors.text,
  width: '1%',
};

/** A bar's length in percent of the row: its share of the largest value; a value above 0 always shows. */
export function barPercent(value: number, largest: number): number {
  if (value <= 0 || largest <= 0) return 0;
  return Math.max(1, Math.round((value / largest) * 100));
}

/** The bar itself: the coloured cell and the rest of the row. */
function Bar({ percent }: { percent: number }) {
  return (
    <table
      role="presentation"
      data-skip-in-text="true"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', width: '100%' }}
    >
      <tbody>
        <tr>
          {percent > 0 && (
            <td
              className="mail-bar"
              width={`${percent}%`}
              style={{
                width: `${percent}%`,
                height: '16px',
                backgroundColor: lightColors.brandStrong,
                borderRadius: '3px',
                fontSize: '1px',
                lineHeight: '1px',
              }}
            >
              &nbsp;
            </td>
          )}
          {percent < 100 && (
            <td width={`${100 - percent}%`} style={{ width: `${100 - percent}%`, fontSize: '1px' }}>
              &nbsp;
            </td>
          )}
        </tr>
      </tbody>
    </table>
  );
}

export function MailBarChart({ chart }: { chart: MailBarChartParts }) {
  const largest = Math.max(0, ...chart.bars.map((bar) => bar.value));
  return (
    <CaptionedTable caption={chart.caption} className="mail-chart">
      <tbody>
        {chart.bars.map((bar) => (
          <tr key={bar.label}>
            <td style={{ ...textCell, textAlign: 'left' }}>{bar.label}</td>
            <td data-skip-in-text="true" style={{ padding: '4px 0' }}>
              <Bar percent={barPercent(bar.value, largest)} />
            </td>
            <td style={{ ...textCell, padding: '4px 0 4px 8px', textAlign: 'right' }}>{bar.valueText}</td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}
