import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { useAccountForm } from '@/components/form/useAccountForm';
import { Page } from '@/components/Page';
import { SelectField, TextField } from '@/components/ui/fields';
import { useAdminSelector } from '../../api/hooks';
import { selectStaffToken } from '../../api/staffSession';
import { STYLES } from '@/types/art';
import { RoleGate } from '../../components/RoleGate';
import { adminOfferPath } from '../../paths';
import { uploadOffer } from './catalogueApi';

/** A new offer from a picture: hidden until it is priced and published on its own page. */
export default function NewOfferPage() {
  return (
    <RoleGate permission="edit_catalogue" title="Upload a picture">
      <UploadForm />
    </RoleGate>
  );
}

function UploadForm() {
  const form = useAccountForm({ title: '', category: '', style: 'None', file: '' });
  const token = useAdminSelector(selectStaffToken);
  const navigate = useNavigate();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileMessage = form.fieldMessages.file;

  const submit = async () => {
    if (file === null) {
      form.showMessage('Choose a picture to upload.');
      return;
    }
    setProgress(0);
    try {
      const offer = await uploadOffer({
        file,
        title: form.values.title,
        category: form.values.category,
        style: form.values.style,
        token,
        onProgress: setProgress,
      });
      void navigate(adminOfferPath(offer.id));
    } catch (error) {
      form.showErrors(error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Page title="Upload a picture">
      <AccountForm form={form} onSubmit={submit}>
        <div className={fileMessage === undefined ? 'field' : 'field field--error'}>
          <label htmlFor={fileId}>Picture (JPEG, PNG or WebP, up to 25 MB)</label>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={fileMessage !== undefined}
            aria-describedby={fileMessage !== undefined ? `${fileId}-message` : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              form.setValue('file', event.target.value);
            }}
          />
          {fileMessage !== undefined && (
            <div id={`${fileId}-message`} className="field__helper">
              {fileMessage}
            </div>
          )}
        </div>
        <TextField label="Title" maxLength={120} {...form.textField('title')} />
        <TextField
          label="Category"
          {...form.textField('category', "A category's urlName, such as landscapes")}
        />
        <SelectField label="Style" {...form.textField('style')}>
          {STYLES.map((style) => (
            <option key={style} value={style}>
              {style}
            </option>
          ))}
        </SelectField>
        {progress !== null && (
          <progress max={1} value={progress} aria-label="Upload progress">
            {Math.round(progress * 100)}%
          </progress>
        )}
        <SubmitButton loading={progress !== null}>Upload</SubmitButton>
      </AccountForm>
    </Page>
  );
}
