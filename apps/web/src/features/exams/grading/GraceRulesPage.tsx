import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Breadcrumbs, Button, Chip, Link, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { EXAM_CELL_ROLES, type TGraceRule } from '@erp/shared';
import { useCan } from '../../../lib/authorization';
import { DataTable, queryRows, type DataColumn } from '../../../components/DataTable';
import { EXAMS_PATHS } from '../paths';
import { AddGraceRuleDialog } from './AddGraceRuleDialog';
import { useGraceRules } from './api';
import { PURPOSE_LABEL } from './labels';

const COLUMNS: Array<DataColumn<TGraceRule>> = [
  { key: 'name', header: 'Rule' },
  { key: 'purpose', header: 'For', value: (g) => PURPOSE_LABEL[g.purpose] },
  { key: 'maxMarks', header: 'Most marks', align: 'right' },
  { key: 'maxSubjects', header: 'Most subjects', align: 'right' },
  {
    key: 'active',
    header: 'State',
    value: (g) => (g.active ? 'Active' : 'Not used'),
    render: (g) => <Chip size="small" color={g.active ? 'success' : 'default'} label={g.active ? 'Active' : 'Not used'} />,
  },
];

/** /app/exams/grace-rules: the college's grace rules, used when an exam's results are processed. */
export function GraceRulesPage() {
  const mayAdd = useCan(EXAM_CELL_ROLES);
  const rules = useGraceRules();
  const [adding, setAdding] = useState(false);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Breadcrumbs sx={{ display: { xs: 'none', sm: 'flex' } }}>
        <Link component={RouterLink} to={EXAMS_PATHS.list}>
          Exams
        </Link>
        <Typography color="text.primary">Grace rules</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 32 } }}>
            Grace rules
          </Typography>
          <Typography color="text.secondary">
            Grace marks given when results are processed: to pass a subject, or to reach a class.
          </Typography>
        </Box>
        {mayAdd && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
            New grace rule
          </Button>
        )}
      </Box>
      <DataTable
        label="Grace rules"
        testId="grace-rules"
        columns={COLUMNS}
        {...queryRows(rules, (d) => d.items)}
        rowKey={(g) => g.id}
        rowTestId={(g) => `grace-rule-${g.id}`}
        emptyText='No grace rule yet: results are processed without grace. Add one with "New grace rule".'
        search
        searchPlaceholder="Rule name"
        paging={25}
      />
      {mayAdd && <AddGraceRuleDialog open={adding} onClose={() => setAdding(false)} />}
    </Box>
  );
}
