import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerPost, validationFailed } from '@/features/accounts/testing/accountsServer';
import { fill } from '@/test/fill';
import { serveBalance } from '@/features/balance/testing/balanceServer';
import { money } from '@/test/money';
import { chooseOption } from '@/features/gallery/testing/interactions';
import { formatMoney } from '@/lib/money/money';
import { renderApp, signIn } from '@/test/render';
import { gate, recordPosts } from '@/test/requests';
import { stubObjectUrls, watchSavedFiles } from '@/test/savedFiles';
import {
  generatedFile,
  makeAllowance,
  makeGeneratedImage,
  PNG_SIGNATURE,
  serveAllowance,
  serveHistory,
  serveImageFiles,
} from '../testing/generationServer';

const GENERATE = '/api/generated-images';
const PROMPT = 'A lighthouse on a cliff at dusk';

type User = ReturnType<typeof userEvent.setup>;

async function openGenerate() {
  renderApp('/generate');
  await screen.findByRole('heading', { level: 1, name: 'Generate images' });
  return userEvent.setup({ delay: null });
}

/** A signed-in customer with 2 of 3 free images left, €10 on the balance and no images yet. */
async function openSignedIn({
  history = serveHistory([]),
  balance = money(1000),
  allowed = makeAllowance(),
} = {}) {
  signIn();
  const allowance = serveAllowance(allowed);
  const balances = serveBalance(balance);
  const user = await openGenerate();
  return { user, allowance, balances, history };
}

const form = () => within(screen.getByRole('form', { name: 'Generate images' }));

async function describePicture(user: User, count = '1') {
  await fill(user, form().getByLabelText('Prompt'), PROMPT);
  await chooseOption(user, 'Style', 'Watercolor');
  await user.click(form().getByRole('radio', { name: '16:9' }));
  if (count !== '1') await chooseOption(user, 'Number of images', count);
}

const generateButton = () => form().getByRole('button', { name: 'Generate' });

describe('generate page for a visitor', () => {
  it('shows the form and asks to log in, returning here afterwards', async () => {
    const user = await openGenerate();
    expect(form().getByLabelText('Prompt')).toBeInTheDocument();
    expect(form().queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
    expect(form().getByText(/Log in to generate images/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your generated images' })).toBeNull();

    answerPost('/api/Accounts/login', () =>
      HttpResponse.json({ accessToken: 'access-1', refreshToken: 'refresh-1' }),
    );
    serveAllowance(makeAllowance());
    serveBalance(money(1000));
    serveHistory([]);
    await user.click(form().getByRole('link', { name: 'Log in' }));
    await fill(user, await screen.findByLabelText('E-mail'), 'ann@example.com');
    await fill(user, screen.getByLabelText('Password'), 'violet-kite-93-sails');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByRole('button', { name: 'Generate' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Generate images' })).toBeInTheDocument();
  });
});

describe('generate page for a customer', () => {
  it('shows the free images left, the price of the rest and the balance in the display currency', async () => {
    window.localStorage.setItem('currency', 'USD');
    const { user, balances } = await openSignedIn({ balance: money(1000, 'USD') });

    expect(await screen.findByText('Free images left today: 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('This image is free.')).toBeInTheDocument();
    expect(
      await screen.findByText(`Your balance: ${formatMoney(money(1000, 'USD'))}`),
    ).toBeInTheDocument();
    expect(balances).toEqual(['USD']);

    await chooseOption(user, 'Number of images', '4');

    expect(
      screen.getByText('2 images free, 2 images at €0.20: €0.40 from your balance.'),
    ).toBeInTheDocument();
  });

  it('says plainly that the built-in generator draws abstract pictures, not the prompt’s things', async () => {
    await openSignedIn({ allowed: makeAllowance({ generator: 'built-in' }) });

    expect(
      await screen.findByText(/It does not draw the things your prompt names\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/draws it for you/)).not.toBeInTheDocument();
  });

  it('says an image model draws the prompt when the shop has one', async () => {
    await openSignedIn({ allowed: makeAllowance({ generator: 'remote' }) });

    expect(
      await screen.findByText('An image model draws the picture your prompt describes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/abstract/)).not.toBeInTheDocument();
  });

  it('counts the characters of the prompt', async () => {
    const { user } = await openSignedIn();
    const prompt = form().getByLabelText('Prompt');
    expect(prompt).toHaveAccessibleDescription('What the picture shows. 0 / 500');
    await fill(user, prompt, PROMPT);
    expect(prompt).toHaveAccessibleDescription(`What the picture shows. ${PROMPT.length} / 500`);
  });

  it('generates one image: shows it, saves it under the server’s name and refreshes what changed', async () => {
    const saved = watchSavedFiles();
    const { opened, release } = gate();
    const requests = recordPosts(GENERATE, async () => {
      await opened;
      return generatedFile({
        fileName: 'a-lighthouse-Watercolor-7.png',
        requested: 1,
        returned: 1,
      });
    });
    const { user, allowance, balances, history } = await openSignedIn();
    await screen.findByText('Free images left today: 2 of 3');

    await describePicture(user);
    await fill(user, form().getByLabelText('Seed (optional)'), '7');
    await user.click(generateButton());

    await waitFor(() => expect(generateButton()).toBeDisabled());
    expect(form().getByRole('status')).toHaveTextContent('Generating your images…');
    release();

    const image = await screen.findByRole('img', { name: PROMPT });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('Saved as a-lighthouse-Watercolor-7.png.')).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([
      { prompt: PROMPT, style: 'Watercolor', aspectRatio: '16x9', count: 1, seed: 7 },
    ]);
    expect(saved.map((file) => file.name)).toEqual(['a-lighthouse-Watercolor-7.png']);
    const savedBytes = await saved[0]?.file.arrayBuffer();
    expect(new Uint8Array(savedBytes ?? [])).toEqual(new Uint8Array(PNG_SIGNATURE));
    await waitFor(() => expect(allowance.count).toBe(2));
    expect(balances).toHaveLength(2);
    expect(history).toHaveLength(2);
    expect(generateButton()).toBeEnabled();
  });

  it('says so when fewer images than asked for came back (206)', async () => {
    const saved = watchSavedFiles();
    recordPosts(GENERATE, () =>
      generatedFile({
        status: 206,
        fileName: 'a-lighthouse-Watercolor-7.zip',
        requested: 3,
        returned: 2,
      }),
    );
    const { user } = await openSignedIn();

    await describePicture(user, '3');
    await user.click(generateButton());

    expect(await screen.findByText(/^Only 2 of 3 images were made: /)).toBeInTheDocument();
    expect(
      screen.getByText(/^2 images made and saved as a-lighthouse-Watercolor-7\.zip\./),
    ).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['a-lighthouse-Watercolor-7.zip']);
    expect(screen.getByRole('link', { name: 'Save again' })).toHaveAttribute(
      'download',
      'a-lighthouse-Watercolor-7.zip',
    );
  });

  it('shows why no image was made inline, and field messages under the fields', async () => {
    stubObjectUrls();
    recordPosts(GENERATE, (previousCalls) =>
      previousCalls === 0
        ? validationFailed({ prompt: ['Describe the picture in at most 500 characters.'] })
        : validationFailed({ '': ['Insufficient balance.'] }),
    );
    const { user } = await openSignedIn();

    await describePicture(user);
    await user.click(generateButton());
    await waitFor(() =>
      expect(form().getByLabelText('Prompt')).toHaveAccessibleDescription(
        `Describe the picture in at most 500 characters. ${PROMPT.length} / 500`,
      ),
    );

    await user.click(generateButton());
    expect(await form().findByRole('alert')).toHaveTextContent('Insufficient balance.');
  });

  it('says the generator is busy when it answers 503', async () => {
    stubObjectUrls();
    recordPosts(GENERATE, () =>
      HttpResponse.json(
        { title: 'Service Unavailable', status: 503 },
        { status: 503, headers: { 'Retry-After': '5' } },
      ),
    );
    const { user } = await openSignedIn();

    await describePicture(user);
    await user.click(generateButton());

    expect(await form().findByRole('alert')).toHaveTextContent(
      'The generator is busy, try again in a moment.',
    );
  });

  it("says 'Too many requests.' when it answers 429", async () => {
    stubObjectUrls();
    recordPosts(GENERATE, () =>
      HttpResponse.json({ title: 'Too Many Requests', status: 429 }, { status: 429 }),
    );
    const { user } = await openSignedIn();

    await describePicture(user);
    await user.click(generateButton());

    expect(await form().findByRole('alert')).toHaveTextContent('Too many requests.');
  });

  it('asks for a prompt in its own words before sending, with the count beside it', async () => {
    // No handler for the generation: sending it would fail the test.
    const { user } = await openSignedIn();

    await fill(user, form().getByLabelText('Prompt'), '   ');
    await user.click(generateButton());

    await waitFor(() =>
      expect(form().getByLabelText('Prompt')).toHaveAccessibleDescription(
        'Describe the picture you want: a few words are enough. 3 / 500',
      ),
    );
    expect(form().getByLabelText('Prompt')).toHaveFocus();
  });

  it('checks the seed before sending', async () => {
    // No handler for the generation: sending it would fail the test.
    const { user } = await openSignedIn();

    await describePicture(user);
    await fill(user, form().getByLabelText('Seed (optional)'), '4294967296');
    await user.click(generateButton());

    await waitFor(() =>
      expect(form().getByLabelText('Seed (optional)')).toHaveAccessibleDescription(
        'A whole number from 0 to 4,294,967,295.',
      ),
    );
  });
});

describe('the history of generated images', () => {
  const IMAGES = Array.from({ length: 13 }, (_, index) =>
    makeGeneratedImage({ id: 20 - index, prompt: `Picture number ${20 - index}` }),
  );

  it('shows thumbnails fetched with the bearer token, a page at a time', async () => {
    const { revoked } = stubObjectUrls();
    const files = serveImageFiles();
    const history = serveHistory(IMAGES);
    const { user } = await openSignedIn({ history });

    const list = within(await screen.findByRole('region', { name: 'Your generated images' }));
    expect(await list.findAllByRole('article')).toHaveLength(12);
    const first = within(list.getByRole('article', { name: 'Picture number 20' }));
    expect(first.getByText('Watercolor, 16:9, 1,024 × 576 px')).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(12));
    expect(new Set(files.map((file) => file.authorization))).toEqual(new Set(['Bearer access-1']));

    await user.click(list.getByRole('button', { name: 'Go to page 2' }));

    expect(await list.findByRole('article', { name: 'Picture number 8' })).toBeInTheDocument();
    expect(list.getAllByRole('article')).toHaveLength(1);
    expect(history.at(-1)).toEqual({ page: 2, pageSize: 12 });
    // The thumbnails of the first page are no longer shown: their files are let go.
    await waitFor(() => expect(revoked.length).toBeGreaterThanOrEqual(12));
  });

  it('downloads an image again under the server’s name', async () => {
    const saved = watchSavedFiles();
    serveImageFiles();
    const history = serveHistory([makeGeneratedImage()]);
    const { user } = await openSignedIn({ history });

    await user.click(
      await screen.findByRole('button', { name: 'Download a-lighthouse-at-dusk-Watercolor-7.png' }),
    );

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['image-7.png']));
  });

  it('says when nothing has been generated yet', async () => {
    await openSignedIn();
    expect(
      await screen.findByText(
        'No images yet. The images you generate are kept here to download again.',
      ),
    ).toBeInTheDocument();
  });
});
