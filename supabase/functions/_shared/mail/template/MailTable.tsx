// A table of figures in a mail: a caption, a header row and rows of cells (a cell may be a link). Written as an HTML
// table with inline styles, which every mail program shows; numeric columns align right. Its plain-text part is a
// table too (React Email's dataTable format), so the text carries the same figures in the same order. The caption is
// a paragraph above the table that names it (aria-labelledby): the text part would drop a table's own <caption>.
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
// React in scope: every tool that reads this file (Deno, tsx, ts-jest) compiles its JSX the same way with it.
import React, { type CSSProperties, type ReactNode } from 'react';
import { lightColors } from './mailTheme.ts';

export interface MailTableColumn {
  label: string;
  /** Figures: aligned right. */
  numeric?: boolean;
}

export type MailTableCell = string | { text: string; url: string };

export interface MailTableParts {
  caption: string;
  columns: readonly MailTableColumn[];
  rows: readonly (readonly MailTableCell[])[];
}

/** An id for a caption, from its text (captions differ within a mail). */
function captionId(text: string): string {
  return `caption-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/**
 * A table under its caption: the caption a paragraph the table names as its label (aria-labelledby), the table
 * written out as a table in the text part (React Email's dataTable).
 */
export function CaptionedTable({
  caption,
  className,
  children,
}: {
  caption: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <>
      <Text
        id={captionId(caption)}
        style={{
          margin: '0 0 6px',
          fontSize: '14px',
          lineHeight: '1.4',
          fontWeight: 700,
          color: lightColors.text,
        }}
      >
        {caption}
      </Text>
      <table
        className={className}
        aria-labelledby={captionId(caption)}
        data-text-format="dataTable"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ borderCollapse: 'collapse', margin: '0 0 20px', width: '100%' }}
      >
        {children}
      </table>
    </>
  );
}

const cell: CSSProperties = {
  borderBottom: `1px solid ${lightColors.border}`,
  padding: '6px 8px',
  fontSize: '14px',
  lineHeight: '1.4',
  color: lightColors.text,
  verticalAlign: 'top',
};

export function MailTable({ table }: { table: MailTableParts }) {
  const align = (column: MailTableColumn | undefined) => (column?.numeric ? 'right' : 'left');
  return (
    <CaptionedTable caption={table.caption} className="mail-table">
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              style={{
                ...cell,
                textAlign: align(column),
                fontWeight: 700,
                color: lightColors.textMuted,
                borderBottom: `2px solid ${lightColors.border}`,
              }}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {row.map((value, index) => (
              <td key={index} style={{ ...cell, textAlign: align(table.columns[index]) }}>
                {typeof value === 'string' ? (
                  value
                ) : (
                  <Link
                    href={value.url}
                    style={{ color: lightColors.brandStrong, textDecoration: 'underline' }}
                  >
                    {value.text}
                  </Link>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}
