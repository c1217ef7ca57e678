import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Chip, Container, Stack, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import HowToReg from '@mui/icons-material/HowToReg';
import LocalLibrary from '@mui/icons-material/LocalLibrary';
import { LIBRARY_PATHS, MSG, PATHS } from '@erp/shared';
import { Footer } from '../../components/common';
import { pageCollege, useAppConfig, useCollegeCode, useContactData, useLogoData } from '../../lib/college';
import { HOME_HERO_TEXT } from '../../lib/first-paint';
import { CircularMenu } from './CircularMenu';
import { HomeHeader } from './HomeHeader';
import { InfoModal, type InfoKind } from './InfoModals';
import { ModuleTiles } from './ModuleTiles';
import { CIRCLE_CARDS, SRK_CIRCLE_CARDS, isSrk } from './modules';

/** Home: module tiles, the circular menu and the info modals; college code SRK gets its own layout. */
export function HomePage() {
  const code = useCollegeCode();
  const config = useAppConfig();
  const logo = useLogoData();
  const contact = useContactData();
  const [info, setInfo] = useState<InfoKind | null>(null);
  const name = contact.data?.collegeName ?? config.data?.collegeName ?? pageCollege?.name;
  const links = config.data?.links;
  const srk = isSrk(code.data);
  // Below the hero (the largest paint): the tiles and the circle of 17 cards are drawn just after
  // the first paint, in a transition of their own, so the hero doesn't wait for them.
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setBelow(true)), 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <HomeHeader logo={logo.data} collegeName={name} onInfo={setInfo} />
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        {code.isPending ? <Box sx={{ flexGrow: 1 }} /> : srk ? (
          <Box data-testid="home-srk" sx={{ flexGrow: 1 }}>
            <Box sx={{ background: (t) => `linear-gradient(160deg, ${t.palette.secondary.dark}, ${t.palette.primary.dark})`, color: '#fff', py: { xs: 4, md: 7 } }}>
              <Container maxWidth="xl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 640px' }, gap: 4, alignItems: 'center' }}>
                <Box>
                  <Chip label="Campus ERP" sx={{ bgcolor: 'rgba(255,255,255,0.15)', color: '#fff', mb: 2 }} />
                  <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 28, md: 42 }, mb: 2 }}>
                    {name ?? MSG.appTitleFallback}
                  </Typography>
                  <Typography sx={{ opacity: 0.9, mb: 3, maxWidth: 520 }}>{contact.data?.aboutUs}</Typography>
                  <HeroActions />
                </Box>
                <Box sx={{ bgcolor: 'rgba(255,255,255,0.95)', borderRadius: 4, p: { xs: 2, md: 1 }, color: 'text.primary', justifySelf: { lg: 'end' }, width: { xs: '100%', lg: 640 } }}>
                  <CircularMenu cards={SRK_CIRCLE_CARDS} links={links} centre={name ?? MSG.appTitleFallback} size={620} />
                </Box>
              </Container>
            </Box>
            {below && (
              <Section title="Modules" subtitle="Hover or focus a module to see what it covers.">
                <ModuleTiles links={links} dense />
              </Section>
            )}
          </Box>
        ) : (
          <Box data-testid="home-default" sx={{ flexGrow: 1 }}>
            <Box sx={{ background: (t) => `linear-gradient(120deg, ${t.palette.primary.dark}, ${t.palette.primary.main} 50%, ${t.palette.secondary.main})`, color: '#fff', py: { xs: 5, md: 8 } }}>
              <Container maxWidth="lg">
                <Typography variant="overline" sx={{ opacity: 0.85, letterSpacing: 2 }}>
                  {MSG.appTitleFallback}
                </Typography>
                <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 28, md: 46 }, mb: 2, maxWidth: 820 }}>
                  {name ?? MSG.appTitleFallback}
                </Typography>
                {/* index.html's first paint shows the same hero (lib/first-paint.ts): the app takes over without a change */}
                <Typography sx={{ opacity: 0.9, mb: 3.5, maxWidth: 680, fontSize: { md: 18 } }}>{HOME_HERO_TEXT}</Typography>
                <HeroActions />
              </Container>
            </Box>
            {below && (
              <>
                <Section title="Modules" subtitle="Hover or focus a module to see what it covers.">
                  <ModuleTiles links={links} />
                </Section>
                <Section title="Sign in to your module" subtitle="Choose your role to open its sign-in page.">
                  <CircularMenu cards={CIRCLE_CARDS} links={links} centre={name ?? MSG.appTitleFallback} />
                </Section>
              </>
            )}
          </Box>
        )}
      </Box>
      {/* drawn with the page's content, not before it: a footer pushed down as the content arrives shifts the page */}
      {!code.isPending && below && <Footer />}
      <InfoModal kind={info} contact={contact.data} loading={contact.isPending} onClose={() => setInfo(null)} />
    </Box>
  );
}

function HeroActions() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <Button component={RouterLink} to={PATHS.examResults} variant="contained" color="inherit" startIcon={<EmojiEvents />} sx={{ color: 'primary.dark', bgcolor: '#fff' }}>
        Exam Results
      </Button>
      <Button component={RouterLink} to={PATHS.applyOnline} variant="outlined" color="inherit" startIcon={<HowToReg />}>
        Apply for Admission
      </Button>
      <Button component={RouterLink} to={LIBRARY_PATHS.opac} variant="outlined" color="inherit" startIcon={<LocalLibrary />} data-testid="home-opac">
        Library Catalogue
      </Button>
    </Stack>
  );
}

function Section({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Container maxWidth="lg" component="section" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {subtitle}
      </Typography>
      {children}
    </Container>
  );
}
