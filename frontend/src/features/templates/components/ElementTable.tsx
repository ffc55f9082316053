import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { textPreview } from '../textPreview';
import type { TemplateElement } from '../types';
import { ElementTypeChip } from './ElementTypeChip';

interface ElementTableProps {
  slideNumber: number;
  elements: readonly TemplateElement[];
  canEdit: boolean;
  /** The element highlighted in the preview; its row is highlighted too. */
  highlightedName: string | null;
  onHover: (name: string | null) => void;
  onToggleLock: (elementIndex: number, isLocked: boolean) => void;
}

/** A slide's elements (spec §2): type, name, text and the locked toggle, linked to the preview. */
export function ElementTable({ slideNumber, elements, canEdit, highlightedName, onHover, onToggleLock }: ElementTableProps) {
  const { t } = useTranslation('templates');
  if (elements.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('elements.none')}
      </Typography>
    );
  }
  const caption = t('elements.caption', { number: slideNumber });
  return (
    // On a phone the table scrolls sideways: a keyboard user must be able to focus it to scroll
    // it (WCAG 2.1.1), and a focusable region needs a name.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={caption}
      sx={{ '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      <Table size="small" aria-label={caption} onMouseLeave={() => onHover(null)}>
        <TableHead>
          <TableRow>
            <TableCell>{t('elements.type')}</TableCell>
            <TableCell>{t('elements.name')}</TableCell>
            <TableCell>{t('elements.text')}</TableCell>
            <TableCell align="right">{t('elements.locked')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {elements.map((element, index) => (
            <TableRow
              key={element.name}
              hover
              selected={element.name === highlightedName}
              onMouseEnter={() => onHover(element.name)}
              sx={{ '&:last-child td': { borderBottom: 0 } }}
            >
              <TableCell>
                <ElementTypeChip type={element.type} />
              </TableCell>
              <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 100 }}>
                {element.name}
                {element.hidden && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                    {`(${t('elements.hidden')})`}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', maxWidth: 280 }}>
                <Typography
                  variant="body2"
                  title={element.innerText}
                  sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                >
                  {textPreview(element.innerText)}
                </Typography>
              </TableCell>
              <TableCell align="right" padding="checkbox">
                <Switch
                  size="small"
                  checked={element.isLocked}
                  disabled={!canEdit}
                  onChange={(event) => onToggleLock(index, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('elements.lockToggle', { name: element.name }) } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
