import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES } from '@/i18n/language';
import { useLanguage } from '@/i18n/languageContext';

/** Offers English and Simplified Chinese (spec §3); each shown in its own language. */
export function LanguageSelector({ color = 'primary' }: { color?: 'primary' | 'inherit' }) {
  const { t } = useTranslation();
  const { uiLanguage, setLanguage } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        // The name holds the visible text too (WCAG 2.5.3 Label in Name): "Language: English".
        aria-label={t('language.button', { language: t(`language.${uiLanguage}`) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t(`language.${uiLanguage}`)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {UI_LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === uiLanguage}
            onClick={() => {
              setLanguage(language);
              setAnchor(null);
            }}
          >
            {t(`language.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
