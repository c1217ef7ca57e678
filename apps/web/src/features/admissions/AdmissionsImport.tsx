import { Button } from '@mui/material';
import { ADMISSION_MSG, MSG, TOAST_MS, type TAdmissionImportReport } from '@erp/shared';
import { ImportPanel } from '../../components/ImportPanel';
import { ADMISSIONS_KEYS } from './api';

/** Bulk upload of new admissions (.xlsx or .xls) through the shared import panel. */
export function AdmissionsImport({ onClose }: { onClose: () => void }) {
  return (
    <ImportPanel<TAdmissionImportReport>
      title="Upload Admissions (Excel)"
      endpoint={{ base: 'v1', path: 'masterDataExcelsUploads', query: { fileType: 'newAdmissionsForm' } }}
      invalidates={ADMISSIONS_KEYS}
      template={{ endpoint: { base: 'v1', path: 'getExcelForNewAdmissions' }, fileName: 'NewAdmissionsTemplate.xlsx' }}
      labels={{
        rowNoun: 'admissions',
        rejectedTitle: MSG.recordsNotSubmitted,
        noFile: ADMISSION_MSG.excelMissingFile,
        hint: "Fill the template's columns; admission numbers are generated when left empty. Drop the file here or choose it.",
      }}
      toastMs={TOAST_MS.admission}
      actions={
        <Button onClick={onClose} variant="outlined">
          Close
        </Button>
      }
    />
  );
}
