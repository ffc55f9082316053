import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { emptyValueFor, hasValue, isTableValue, type TableValue } from '../../model';
import { gridSx } from './gridStyles';
import type { ElementEditorProps } from './types';

/** The template's sample table (tab-separated cells, one row per line), when it has one. */
function sampleTable(innerText: string): TableValue | null {
  if (!innerText.includes('\t')) return null;
  return { rows: innerText.split('\n').map((line) => line.split('\t')) };
}

function normalized(value: unknown, fallback: TableValue): string[][] {
  const rows = (isTableValue(value) ? value : fallback).rows;
  const cols = Math.max(1, ...rows.map((row) => row.length));
  return rows.map((row) => Array.from({ length: cols }, (_, col) => String(row[col] ?? '')));
}

/** A table: the first row is the header; rows and columns can be added and removed. */
export function TableElementEditor({ element, value, disabled, onChange, inputId }: ElementEditorProps) {
  const { t } = useTranslation('editor');
  const rows = normalized(value, emptyValueFor(element) as TableValue);
  const cols = rows[0]?.length ?? 1;
  const sample = sampleTable(element.innerText);
  const commit = (next: string[][]) => onChange({ rows: next } satisfies TableValue);

  const setCell = (row: number, col: number, text: string) =>
    commit(rows.map((cells, r) => (r === row ? cells.map((cell, c) => (c === col ? text : cell)) : cells)));

  return (
    <Box>
      <Box sx={{ overflowX: 'auto', pb: 0.5 }}>
        <Box component="table" sx={gridSx} aria-label={t('elements.tableOf', { name: element.name })}>
          <thead>
            <tr>
              {Array.from({ length: cols }, (_, col) => (
                <th key={col} className="control">
                  <Tooltip title={t('table.removeColumn', { number: col + 1 })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('table.removeColumn', { number: col + 1 })}
                        disabled={disabled || cols <= 1}
                        onClick={() => commit(rows.map((cells) => cells.filter((_, c) => c !== col)))}
                      >
                        <RemoveCircleOutlineIcon sx={{ fontSize: 16 }} />
                      </IconButton>
                    </span>
                  </Tooltip>
                </th>
              ))}
              <th className="control" />
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, row) => (
              <tr key={row} className={row === 0 ? 'header' : undefined}>
                {cells.map((cell, col) => (
                  <td key={col}>
                    <InputBase
                      id={row === 0 && col === 0 ? inputId : undefined}
                      value={cell}
                      disabled={disabled}
                      onChange={(event) => setCell(row, col, event.target.value)}
                      inputProps={{ 'aria-label': row === 0 ? t('table.headerCell', { col: col + 1 }) : t('table.cell', { row, col: col + 1 }) }}
                    />
                  </td>
                ))}
                <td className="control">
                  <Tooltip title={t('table.removeRow', { number: row + 1 })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('table.removeRow', { number: row + 1 })}
                        disabled={disabled || rows.length <= 1}
                        onClick={() => commit(rows.filter((_, r) => r !== row))}
                      >
                        <RemoveCircleOutlineIcon sx={{ fontSize: 16 }} />
                      </IconButton>
                    </span>
                  </Tooltip>
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      {!disabled && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<AddIcon />} onClick={() => commit([...rows, Array.from({ length: cols }, () => '')])}>
            {t('table.addRow')}
          </Button>
          <Button size="small" startIcon={<AddIcon />} onClick={() => commit(rows.map((cells) => [...cells, '']))}>
            {t('table.addColumn')}
          </Button>
          {sample && !hasValue('table', value) && (
            <Button size="small" onClick={() => onChange(sample)}>
              {t('elements.useSample')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
