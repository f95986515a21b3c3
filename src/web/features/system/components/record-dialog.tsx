import { useForm } from 'react-hook-form';
import { FormDialogFooter } from '@web/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/hooks/use-toast';
import type { DbRecord, SchemaColumn } from '@common/schemas/system';
import { useRecordChange } from '../api/database';
import { fromFormText, toFormText } from '../lib/record-values';

interface RecordDialogProps {
  table: string;
  columns: SchemaColumn[];
  /** The record to edit, or 'new' to add one; null when closed. */
  record: DbRecord | 'new' | null;
  onClose: () => void;
}

/**
 * A new record shows the columns the server accepts on adding; an edit shows every column, those
 * the manager may not change read-only with the reason (authority, sign-in factors and approval
 * are changed on their own screens).
 */
const shown = (c: SchemaColumn, isNew: boolean) => c.column_name !== 'id' && (!isNew || c.creatable);
const writable = (c: SchemaColumn, isNew: boolean) => (isNew ? c.creatable : c.editable);

/** Add or edit one record; every column is a text field shaped by its type (lib/record-values). */
export function RecordDialog({ table, columns, record, onClose }: RecordDialogProps) {
  const isNew = record === 'new';
  return (
    <Dialog open={record !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {isNew ? 'Add Record' : `Edit Record #${(record as DbRecord | null)?.id ?? ''}`}
          </DialogTitle>
          <DialogDescription>
            Table {table}. Leave a field empty for NULL (or its default); lists and JSON are written as JSON.
          </DialogDescription>
        </DialogHeader>
        {record !== null && (
          <RecordForm
            key={isNew ? 'new' : record.id}
            table={table}
            columns={columns}
            record={record}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RecordForm({ table, columns, record, onClose }: RecordDialogProps & { record: DbRecord | 'new' }) {
  const { create, update } = useRecordChange(table);
  const isNew = record === 'new';
  const fields = columns.filter((c) => shown(c, isNew));
  const original = (c: SchemaColumn) => (record === 'new' ? '' : toFormText(record[c.column_name], c));
  const form = useForm<Record<string, string>>({
    defaultValues: Object.fromEntries(fields.map((c) => [c.column_name, original(c)])),
  });

  const submit = form.handleSubmit((values) => {
    const data: Record<string, unknown> = {};
    let invalid = false;
    for (const c of fields) {
      if (!writable(c, isNew)) continue;
      const text = values[c.column_name] ?? '';
      // A new record sends what was filled in (defaults apply to the rest); an edit, what changed.
      if (isNew ? text === '' && !c.required : text === original(c)) continue;
      const parsed = fromFormText(text, c);
      if ('error' in parsed) {
        form.setError(c.column_name, { message: parsed.error });
        invalid = true;
      } else data[c.column_name] = parsed.value;
    }
    if (invalid) return;
    if (Object.keys(data).length === 0) return onClose();
    const onError = (error: unknown) => {
      for (const [field, message] of Object.entries(isApiError(error) ? (error.fieldErrors ?? {}) : {})) {
        form.setError(field, { message });
      }
      toast({
        variant: 'destructive',
        title: 'Error',
        description:
          (isApiError(error) && error.serverMessage) ||
          (isNew ? 'Failed to create record' : 'Failed to update record'),
      });
    };
    if (record === 'new') create.mutate(data, { onSuccess: onClose, onError });
    else update.mutate({ id: record.id, data }, { onSuccess: onClose, onError });
  });

  const errors = form.formState.errors;
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      {fields.map((c) => {
        const id = `record-${c.column_name}`;
        const error = errors[c.column_name]?.message;
        const readOnly = !writable(c, isNew);
        return (
          <FormField
            key={c.column_name}
            id={id}
            label={`${c.column_name}${c.required && !readOnly ? ' *' : ''}`}
            description={
              readOnly ? `${c.data_type}, read-only: ${c.readOnlyReason ?? 'kept by the app'}` : c.data_type
            }
            error={error}
          >
            <Input
              {...fieldA11y(id, error)}
              autoComplete="off"
              readOnly={readOnly}
              className={readOnly ? 'bg-muted text-muted-foreground' : undefined}
              {...form.register(c.column_name)}
            />
          </FormField>
        );
      })}
      <FormDialogFooter
        onCancel={onClose}
        pending={create.isPending || update.isPending}
        submitLabel={isNew ? 'Create Record' : 'Save Changes'}
        pendingLabel="Saving..."
      />
    </form>
  );
}
