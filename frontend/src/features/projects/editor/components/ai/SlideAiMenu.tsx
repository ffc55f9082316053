import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ViewQuiltOutlinedIcon from '@mui/icons-material/ViewQuiltOutlined';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiCall } from '@/components/ai/aiCall';
import type { AiAction } from '@/components/ai/useAiAction';
import { useSlideSuggestions } from '../../ai/hooks';
import type { EditorSlide } from '../../model';
import { useEditor } from '../EditorContext';

/**
 * The slide's AI menu: fill its elements, suggest a template slide, suggest a description. `ai`
 * is the slide's action, owned by the card, which shows its progress and failure in the slide.
 */
export function SlideAiMenu({ slide, position, ai }: { slide: EditorSlide; position: number; ai: AiAction }) {
  const { t } = useTranslation('editor');
  const { assistant, template } = useEditor();
  const { busy } = useSlideSuggestions(slide.id);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const working = busy('values') || busy('templateSlide') || busy('description');

  function pick(request: AiCall) {
    setAnchor(null);
    void ai.run(request);
  }

  return (
    <>
      <Button
        size="small"
        color="ai"
        startIcon={<AutoAwesomeIcon />}
        loading={working}
        loadingPosition="start"
        aria-haspopup="menu"
        aria-label={t('ai.menuFor', { position })}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {working ? t('ai.working') : t('ai.menu')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={slide.pptxSlideNumber === null} onClick={() => pick((options) => assistant.generateValues(slide.id, '', options))}>
          <ListItemIcon>
            <EditNoteIcon fontSize="small" color="ai" />
          </ListItemIcon>
          <ListItemText primary={t('ai.fillSlide')} secondary={slide.pptxSlideNumber === null ? t('ai.fillNeedsTemplateSlide') : t('ai.fillSlideHint')} />
        </MenuItem>
        <MenuItem disabled={!template} onClick={() => pick((options) => assistant.suggestTemplateSlide(slide.id, options))}>
          <ListItemIcon>
            <ViewQuiltOutlinedIcon fontSize="small" color="ai" />
          </ListItemIcon>
          <ListItemText primary={t('ai.suggestTemplateSlide')} secondary={t('ai.suggestTemplateSlideHint')} />
        </MenuItem>
        <MenuItem onClick={() => pick((options) => assistant.suggestDescription(slide.id, options))}>
          <ListItemIcon>
            <DescriptionOutlinedIcon fontSize="small" color="ai" />
          </ListItemIcon>
          <ListItemText primary={t('ai.suggestDescription')} secondary={t('ai.suggestDescriptionHint')} />
        </MenuItem>
      </Menu>
    </>
  );
}
