import type { SxProps, Theme } from '@mui/material/styles';

/** A compact spreadsheet look shared by the table and chart editors. */
export const gridSx: SxProps<Theme> = {
  borderCollapse: 'collapse',
  '& td, & th': { p: 0, border: 1, borderColor: 'divider', minWidth: 96, verticalAlign: 'middle', bgcolor: 'background.paper' },
  '& th.control, & td.control': { border: 0, minWidth: 0, textAlign: 'center', px: 0.25, bgcolor: 'transparent' },
  '& .MuiInputBase-root': { width: '100%', px: 1, py: 0.5, fontSize: 14 },
  '& .MuiInputBase-root.Mui-focused': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '& .MuiInputBase-root.Mui-disabled': { bgcolor: 'action.hover' },
  '& .MuiInputBase-root.Mui-error': { bgcolor: 'rgba(211, 47, 47, 0.08)' },
  '& tr.header .MuiInputBase-root, & .header-cell .MuiInputBase-root': { fontWeight: 700, bgcolor: 'grey.100' },
};
