import { useState } from 'react';
import { useAppSelector } from '@/app/hooks';
import { ProgressBar } from '@/components/DelayedProgress';
import { CountedTextField } from '@/components/form/CountedTextField';
import { Section } from '@/components/Section';
import { Alert } from '@/components/ui/Alert';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { SelectField, TextField } from '@/components/ui/fields';
import { Stack } from '@/components/ui/Stack';
import { WidgetErrorBoundary } from '@/components/WidgetErrorBoundary';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { useAccountForm } from '@/components/form/useAccountForm';
import { type LoginPageState } from '@/features/accounts';
import { isApiError, localValidationError } from '@/lib/api/apiError';
import { selectIsSignedIn } from '@/lib/session/sessionSlice';
import { ASPECT_RATIOS, STYLE_LABELS, STYLES, type AspectRatio, type Style } from '@/types/art';
import { useGenerateImagesMutation } from '../api/generatedImagesApi';
import {
  MAX_IMAGES_PER_REQUEST,
  PROMPT_MAX_LENGTH,
  SEED_MAX,
  type GenerationRequest,
} from '../types';
import { AspectRatioPicker } from './AspectRatioPicker';
import { CostSummary } from './CostSummary';
import { GenerationResult } from './GenerationResult';

const DEFAULT_STYLE: Style = 'None';
const DEFAULT_ASPECT_RATIO: AspectRatio = '1x1';
const COUNTS = Array.from({ length: MAX_IMAGES_PER_REQUEST }, (_, index) => String(index + 1));
const GENERATOR_BUSY = 'The generator is busy, try again in a moment.';
const SEED_RULE = `A whole number from 0 to ${SEED_MAX.toLocaleString('en')}.`;
/** Said in the form before asking the server, whose own wording is for developers. */
const PROMPT_MISSING = 'Describe the picture you want: a few words are enough.';
/** Where the log-in page returns to. */
const RETURN_HERE: LoginPageState = { from: '/generate' };

type FormValues = Record<'prompt' | 'style' | 'aspectRatio' | 'count' | 'seed', string>;

/** The request the form describes, or what is wrong with its fields. */
function requestOf(values: FormValues): GenerationRequest | { problems: Record<string, string[]> } {
  const problems: Record<string, string[]> = {};
  const prompt = values.prompt.trim();
  // The field stops typing at the limit; a pasted longer text is cut by the browser too.
  if (prompt === '') problems.prompt = [PROMPT_MISSING];
  const seedText = values.seed.trim();
  const seed = seedText === '' ? undefined : Number(seedText);
  if (seed !== undefined && (!/^\d+$/.test(seedText) || seed > SEED_MAX)) {
    problems.seed = [SEED_RULE];
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    prompt,
    style: STYLES.find((style) => style === values.style) ?? DEFAULT_STYLE,
    aspectRatio:
      ASPECT_RATIOS.find((ratio) => ratio === values.aspectRatio) ?? DEFAULT_ASPECT_RATIO,
    count: Number(values.count),
    ...(seed === undefined ? {} : { seed }),
  };
}

/**
 * Describes the images to generate. A signed-in customer sees what they cost before sending and
 * the result after; a visitor sees the form and is asked to log in.
 */
export function GenerateForm() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const form = useAccountForm({
    prompt: '',
    style: DEFAULT_STYLE,
    aspectRatio: DEFAULT_ASPECT_RATIO,
    count: '1',
    seed: '',
  });
  const [generate, generation] = useGenerateImagesMutation();
  const [sentPrompt, setSentPrompt] = useState('');

  const submit = async () => {
    const request = requestOf(form.values);
    if ('problems' in request) {
      form.showErrors(localValidationError(request.problems));
      return;
    }
    setSentPrompt(request.prompt);
    try {
      await generate(request).unwrap();
    } catch (error) {
      if (isApiError(error) && error.status === 503) form.showMessage(GENERATOR_BUSY);
      else form.showErrors(error);
    }
  };

  return (
    <div className="columns columns--7-5">
      <Section title="Describe your picture">
        <AccountForm label="Generate images" form={form} onSubmit={submit}>
          <CountedTextField
            label="Prompt"
            multiline
            minRows={3}
            placeholder="A lighthouse on a cliff at dusk, waves crashing below"
            hint="What the picture shows."
            maxLength={PROMPT_MAX_LENGTH}
            {...form.textField('prompt')}
          />
          <SelectField label="Style" {...form.textField('style')}>
            {STYLES.map((style) => (
              <option key={style} value={style}>
                {STYLE_LABELS[style]}
              </option>
            ))}
          </SelectField>
          <AspectRatioPicker
            value={form.values.aspectRatio}
            onChange={(ratio) => form.setValue('aspectRatio', ratio)}
            message={form.fieldMessages.aspectRatio}
          />
          <Stack direction="responsive" gap={2}>
            <SelectField label="Number of images" {...form.textField('count')}>
              {COUNTS.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Seed (optional)"
              autoComplete="off"
              inputMode="numeric"
              {...form.textField('seed', 'The same seed draws the same picture again.')}
            />
          </Stack>
          {generation.isLoading && (
            <Stack gap={1} role="status">
              <p className="type-body1">Generating your images…</p>
              <ProgressBar inline label="Generating your images" />
            </Stack>
          )}
          {isSignedIn ? (
            <SubmitButton loading={generation.isLoading}>Generate</SubmitButton>
          ) : (
            <VisitorCall />
          )}
        </AccountForm>
      </Section>
      <Stack gap={3}>
        {generation.data !== undefined && (
          <GenerationResult generation={generation.data} prompt={sentPrompt} />
        )}
        {isSignedIn && (
          <WidgetErrorBoundary what="What it costs">
            <CostSummary count={Number(form.values.count)} />
          </WidgetErrorBoundary>
        )}
      </Stack>
    </div>
  );
}

/** In place of the button for a visitor: generating needs an account. */
function VisitorCall() {
  return (
    <Alert severity="info">
      Log in to generate images. Every customer gets a few free images a day; more are paid from the
      prepaid balance.
      <Stack direction="row" gap={2} className="mt-2">
        <ButtonLink to="/login" state={RETURN_HERE} variant="contained">
          Log in
        </ButtonLink>
        <ButtonLink to="/sign-up">Create an account</ButtonLink>
      </Stack>
    </Alert>
  );
}
