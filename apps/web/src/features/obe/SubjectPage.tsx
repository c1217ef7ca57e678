import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Box, Breadcrumbs, Link, Tab, Tabs, Typography } from '@mui/material';
import { OBE_PATHS } from '@erp/shared';
import { useSubjectOutcomes } from './api';
import { AssessmentsTab } from './AssessmentsTab';
import { AttainmentTab } from './AttainmentTab';
import { QueryState } from '../../components/QueryState';
import { OutcomesTab } from './OutcomesTab';

const TABS = ['outcomes', 'assessments', 'attainment'] as const;
const LABELS = { outcomes: 'Outcomes and mapping', assessments: 'Assessments and marks', attainment: 'Attainment' };

/** One course: its COs and CO–PO grid, its papers and marks, and its attainment sheet. */
export function SubjectPage() {
  const subjectId = Number(useParams().subjectId);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as (typeof TABS)[number]) : 'outcomes';
  const data = useSubjectOutcomes(subjectId);
  const s = data.data?.subject;
  return (
    <Box>
      <Breadcrumbs sx={{ mb: 1 }}>
        <Link component={RouterLink} to={OBE_PATHS.courses}>
          OBE courses
        </Link>
        <Typography color="text.primary">{s?.code ?? '…'}</Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 30 } }}>
        {s ? `${s.code} · ${s.name}` : 'Course'}
      </Typography>
      {s && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {s.branchName} · {s.regulationCode} · {s.semesterName}
        </Typography>
      )}
      <Tabs
        value={tab}
        onChange={(_, v) => setParams((p) => ({ ...Object.fromEntries(p), tab: v }))}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2 }}
        aria-label="Course pages"
      >
        {TABS.map((t) => (
          <Tab key={t} value={t} label={LABELS[t]} />
        ))}
      </Tabs>
      <QueryState query={data}>
        {data.data && tab === 'outcomes' && <OutcomesTab data={data.data} />}
        {data.data && tab === 'assessments' && <AssessmentsTab data={data.data} />}
        {data.data && tab === 'attainment' && <AttainmentTab subjectId={subjectId} code={data.data.subject.code} initialYear={params.get('year') ?? undefined} />}
      </QueryState>
    </Box>
  );
}
