import type { MouseEvent } from 'react';
import { Button } from '@mui/material';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { endpointPath, examResultsEndpoints } from '@erp/shared';
import { apiOrigin } from '../../../lib/api-client';
import { errorText } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { downloadGradeCard } from './api';

/**
 * A student's grade card of an exam (/api/exams/:id/grade-cards/<roll>.pdf). A click fetches it with
 * the session and saves it, so a refusal shows the server's message instead of a raw answer.
 */
export function GradeCardButton({ examId, rollNo, label = 'Grade card' }: { examId: number; rollNo: string; label?: string }) {
  const toast = useToast();
  const href = `${apiOrigin()}${endpointPath(examResultsEndpoints.gradeCard.path, { id: examId, rollNo })}`;
  return (
    <Button
      size="small"
      component="a"
      href={href}
      startIcon={<PictureAsPdf />}
      aria-label={`${label} of ${rollNo}`}
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        downloadGradeCard(examId, rollNo).catch((err: unknown) => toast.error(errorText(err)));
      }}
    >
      {label}
    </Button>
  );
}
