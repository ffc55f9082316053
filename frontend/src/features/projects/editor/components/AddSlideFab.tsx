import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import GlobalStyles from '@mui/material/GlobalStyles';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** The phone bar's height: the page keeps this much free below its content and scroll targets. */
export const ADD_BAR_HEIGHT = 72;

/**
 * The floating add button (spec: "A floating add button"), placed where it never covers the
 * deck: on wide screens it floats at the foot of the sticky slide rail, a column the cards never
 * enter; on phones it sits in a bar across the bottom of the screen. `scroll-padding-bottom`
 * keeps what keyboard focus or "scroll into view" brings up clear of that bar (WCAG 2.2 2.4.11).
 */
export function AddSlideFab({ placement, onAdd }: { placement: 'rail' | 'bar'; onAdd: () => void }) {
  const { t } = useTranslation('editor');
  if (placement === 'rail') {
    return (
      <Tooltip title={t('add.fab')} placement="right">
        <Fab color="primary" aria-label={t('add.fab')} onClick={onAdd} sx={{ alignSelf: 'center', flexShrink: 0 }}>
          <AddIcon />
        </Fab>
      </Tooltip>
    );
  }
  return (
    <>
      <GlobalStyles styles={{ html: { scrollPaddingBottom: ADD_BAR_HEIGHT + 8 } }} />
      <Box
        data-testid="add-slide-bar"
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          height: ADD_BAR_HEIGHT,
          zIndex: 10,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-end',
          px: 2,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Fab color="primary" variant="extended" size="medium" onClick={onAdd}>
          <AddIcon sx={{ mr: 1 }} />
          {t('add.fab')}
        </Fab>
      </Box>
    </>
  );
}
