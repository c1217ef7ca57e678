import { Controller, useForm, type RegisterOptions } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, MenuItem, TextField } from '@mui/material';
import { ITEM_TYPE_LABELS, ITEM_TYPES, ZTitleInput, type TItemType, type TTitle, type TTitleInput } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { useCreateTitle, useEditTitle } from './api';

const EMPTY: TTitleInput = {
  title: '',
  subtitle: '',
  authors: '',
  isbn: '',
  publisher: '',
  year: null,
  edition: '',
  subjects: '',
  callNumber: '',
  language: 'English',
  pages: null,
  itemType: 'book',
};

/** A title's catalogue fields as the form holds them. */
const formValues = (t: TTitle): TTitleInput => ({
  title: t.title,
  subtitle: t.subtitle,
  authors: t.authors,
  isbn: t.isbn ?? '',
  publisher: t.publisher,
  year: t.year,
  edition: t.edition,
  subjects: t.subjects,
  callNumber: t.callNumber,
  language: t.language,
  pages: t.pages,
  itemType: (ITEM_TYPES as readonly string[]).includes(t.itemType) ? (t.itemType as TItemType) : 'book',
});

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * Adds a title, or edits every catalogue field of one, validated by the shared schema (the
 * server's messages on the fields); what the server refuses (an ISBN of another title) shows above.
 */
export function TitleFormDialog({ title, onClose }: { title?: TTitle; onClose: (id?: number) => void }) {
  const create = useCreateTitle();
  const edit = useEditTitle();
  const save = title ? edit : create;
  const toast = useToast();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TTitleInput>({ resolver: zodResolver(ZTitleInput) as never, defaultValues: title ? formValues(title) : EMPTY });
  // The input itself takes the form's ref, so a saved value is in the box (and its label raised) from the first paint.
  const bind = (name: keyof TTitleInput, options?: RegisterOptions<TTitleInput>) => {
    const { ref, ...rest } = register(name, options);
    return { ...rest, inputRef: ref };
  };
  const submit = handleSubmit((body) => {
    const done = {
      onSuccess: (r: { title: TTitle; merged: boolean; message: string }) => {
        (r.merged ? toast.info : toast.success)(r.message);
        onClose(r.title.id);
      },
    };
    if (title) edit.mutate({ id: title.id, body }, done);
    else create.mutate(body, done);
  });
  const field = (name: Exclude<keyof TTitleInput, 'year' | 'pages' | 'itemType'>, label: string, extra: object = {}) => (
    <TextField
      label={label}
      {...bind(name)}
      error={!!errors[name]}
      helperText={errors[name]?.message}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `title-${name}` } }}
      {...extra}
    />
  );
  const numberField = (name: 'year' | 'pages', label: string) => (
    <TextField
      label={label}
      type="number"
      {...bind(name, { setValueAs: numberOrNull })}
      error={!!errors[name]}
      helperText={errors[name]?.message}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `title-${name}` } }}
    />
  );
  const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
  return (
    <FormDialog
      open
      onClose={() => onClose()}
      titleId="title-form-title"
      title={title ? `Edit “${title.title}”` : 'Add a title'}
      onSubmit={submit}
      error={save.isError ? save.error.message : undefined}
      errorTestId="title-form-error"
      submitLabel={title ? 'Save changes' : 'Save'}
      busy={save.isPending}
      spinner
    >
      {field('title', 'Title', { required: true, autoFocus: true })}
      {field('subtitle', 'Subtitle')}
      {field('authors', 'Authors (separate with ;)')}
      <Box sx={pair}>
        {field('isbn', 'ISBN (10 or 13 digits)')}
        <Controller
          name="itemType"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Item type"
              {...field}
              error={!!errors.itemType}
              helperText={errors.itemType?.message}
              fullWidth
            >
              {ITEM_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {ITEM_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Box sx={pair}>
        {field('publisher', 'Publisher')}
        {numberField('year', 'Year')}
      </Box>
      <Box sx={pair}>
        {field('edition', 'Edition')}
        {field('callNumber', 'Call number (DDC)')}
      </Box>
      {field('subjects', 'Subjects (separate with ;)')}
      <Box sx={pair}>
        {field('language', 'Language')}
        {numberField('pages', 'Pages')}
      </Box>
    </FormDialog>
  );
}
