import ApiIcon from '@mui/icons-material/Api';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BarChartIcon from '@mui/icons-material/BarChart';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FolderSpecialOutlinedIcon from '@mui/icons-material/FolderSpecialOutlined';
import ViewQuiltOutlinedIcon from '@mui/icons-material/ViewQuiltOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

type FeatureKey = 'ai' | 'templates' | 'materials' | 'data' | 'api' | 'export';

// Spec §1, in its order; the AI feature wears the purple AI accent.
const FEATURES: { key: FeatureKey; icon: ReactElement; color: 'ai' | 'primary' }[] = [
  { key: 'ai', icon: <AutoAwesomeIcon />, color: 'ai' },
  { key: 'templates', icon: <ViewQuiltOutlinedIcon />, color: 'primary' },
  { key: 'materials', icon: <FolderSpecialOutlinedIcon />, color: 'primary' },
  { key: 'data', icon: <BarChartIcon />, color: 'primary' },
  { key: 'api', icon: <ApiIcon />, color: 'primary' },
  { key: 'export', icon: <FileDownloadOutlinedIcon />, color: 'primary' },
];

export function FeatureGrid() {
  const { t } = useTranslation('landing');
  return (
    <Box component="section" sx={{ py: { xs: 6, md: 10 }, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <SectionHeading>{t('features.title')}</SectionHeading>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          {FEATURES.map(({ key, icon, color }) => (
            <Card key={key} sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <Box
                  sx={{
                    width: 48,
                    height: 48,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    mb: 2,
                    color: `${color}.main`,
                    bgcolor: (theme) => `${theme.palette[color].main}1A`,
                  }}
                >
                  {icon}
                </Box>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  {t(`features.${key}.title`)}
                </Typography>
                <Typography color="text.secondary">{t(`features.${key}.body`)}</Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
