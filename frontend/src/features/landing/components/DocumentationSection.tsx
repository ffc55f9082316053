import CodeIcon from '@mui/icons-material/Code';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionHeading } from './SectionHeading';

interface DocCard {
  key: 'userManual' | 'developer';
  icon: ReactElement;
  /** Document base name; the viewer appends -en or -zh-cn. */
  doc: string;
}

const DOC_CARDS: DocCard[] = [
  { key: 'userManual', icon: <MenuBookOutlinedIcon />, doc: 'user-manual' },
  { key: 'developer', icon: <CodeIcon />, doc: 'api-guide' },
];

/** The two documentation cards, each linking to its English and Chinese version (spec §2). */
export function DocumentationSection() {
  const { t } = useTranslation('landing');
  const { t: tCommon } = useTranslation();
  return (
    <Box component="section" sx={{ py: { xs: 6, md: 10 }, bgcolor: 'background.paper' }}>
      <Container maxWidth="md">
        <SectionHeading>{t('docs.title')}</SectionHeading>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
          {DOC_CARDS.map(({ key, icon, doc }) => (
            <Card key={key} sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ p: 3, flex: 1 }}>
                <Box sx={{ color: 'primary.main', mb: 1 }}>{icon}</Box>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  {t(`docs.${key}.title`)}
                </Typography>
                <Typography color="text.secondary">{t(`docs.${key}.body`)}</Typography>
              </CardContent>
              <CardActions sx={{ px: 3, pb: 3, pt: 0, flexWrap: 'wrap', gap: 1 }}>
                <Button component={RouterLink} to={`/docs/${doc}-en`} variant="outlined" size="small" lang="en">
                  {tCommon('language.en')}
                </Button>
                <Button component={RouterLink} to={`/docs/${doc}-zh-cn`} variant="outlined" size="small" lang="zh-CN">
                  {tCommon('language.zh-CN')}
                </Button>
                {key === 'developer' && (
                  // Swagger UI is served by the backend, outside the single-page app.
                  <Button href="/api/docs" size="small" endIcon={<OpenInNewIcon fontSize="small" />} target="_blank" rel="noopener">
                    {t('docs.developer.reference')}
                  </Button>
                )}
              </CardActions>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
