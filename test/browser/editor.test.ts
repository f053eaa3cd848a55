/**
 * The visual editor in the browser, building a template from nothing: blocks dragged from the
 * palette with the mouse and reordered with the keyboard, text typed and made bold in place, a
 * button's link, an image uploaded through /uploads, undo (button and Ctrl+Z), the server's preview
 * on a phone, save, a test that arrives in the outbox; then a change, two versions compared side by
 * side and the first restored; a draft saved and published; a stale save refused as a conflict.
 * Screenshots of the editor at 1280 and 390 px.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

// What the page-side callback below uses of the browser: this file compiles without the DOM library.
declare function requestAnimationFrame(callback: (time: number) => void): number;
declare function scrollTo(x: number, y: number): void;

// A 1×1 PNG: the upload API decides the type from these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Block {
  id?: string;
  type: string;
  [key: string]: unknown;
}
interface SavedTemplate {
  format: string;
  version: number;
  subject: string;
  document: { blocks: Block[] } | null;
  draft: { subject: string } | null;
}

/** What dnd-kit's live region says now (it holds the last announcement of a drag). */
const heard = async (page: Page) => (await page.locator('[id^="DndLiveRegion"]').allTextContents()).join(' ');

/**
 * Drags `source` onto the bottom of the canvas (the space below its last block, where a drop adds
 * at the end) with the mouse, in small steps (dnd-kit needs movement), and lets go once dnd-kit
 * has said the block is over the email: on a loaded machine the last steps can come before it has
 * measured the drop areas, and letting go while it still names a block the pointer passed on the
 * way would drop before that block.
 */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  // The palette and the canvas's end both in view, the end out of the band near the window's edge
  // where dnd-kit scrolls the page while a block is held (a fifth of its height): the window is
  // made taller for that (an image as wide as the email, or the campaign's fields above the canvas,
  // push the end down), and the page is at its top.
  await page.evaluate(() => scrollTo(0, 0));
  const box = (await target.boundingBox())!;
  const size = page.viewportSize()!;
  const height = Math.ceil((box.y + box.height) / 0.7);
  if (height > size.height) {
    await page.setViewportSize({ width: size.width, height });
    await settle(page);
  }
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  const [x, y] = [to.x + to.width / 2, to.y + to.height - 8];
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(x, y, { steps: 20 });
  await expect
    .poll(async () => {
      await page.mouse.move(x, y - 1);
      await page.mouse.move(x, y);
      return heard(page);
    })
    .toMatch(/is over the email\./);
  await page.mouse.up();
}

/** Two frames later: a resize or a re-render has been laid out and seen by dnd-kit. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The types of the canvas's top-level blocks, in order. */
async function canvasTypes(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('region', { name: 'Email content' })
    .locator(':scope > [role="group"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/ block \d+$/, ''));
}

describe.each(DIALECTS)('the visual editor on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'editor' });
  let projectId = '';
  let email = '';
  let templateId = '';
  const get = () => t.call<SavedTemplate>('GET', `/templates/${templateId}`, undefined, projectId);

  it('builds an email from nothing: drags, text, link, image, undo, phone preview', { timeout: 180_000 }, async () => {
    const { page } = t;
    ({ projectId, email } = await t.signUpWithProject('Acme'));
    await page.goto(`/p/${projectId}/templates/new`);
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Spring news');
    await page.getByLabel('Subject', { exact: true }).fill('Spring is here');
    await page.getByLabel('From address').fill('hello@acme.test');
    await page.getByRole('radio', { name: /Visual editor/ }).check();

    // From nothing: the starter blocks go.
    const canvas = page.getByRole('region', { name: 'Email content' });
    await canvas.getByRole('group', { name: /^Heading block/ }).click();
    await page.getByRole('button', { name: 'Delete Heading' }).click();
    await canvas.getByRole('group', { name: /^Text block/ }).click();
    await page.getByRole('button', { name: 'Delete Text' }).click();
    await canvas.getByText('Drag blocks here').waitFor();

    // Three kinds of block dragged from the palette, then a fourth, the image.
    await drag(page, page.getByRole('button', { name: 'Add Heading' }), canvas);
    await drag(page, page.getByRole('button', { name: 'Add Text' }), canvas);
    await drag(page, page.getByRole('button', { name: 'Add Button' }), canvas);
    await expect.poll(() => canvasTypes(page)).toEqual(['Heading', 'Text', 'Button']);

    await canvas.getByLabel('Heading text').fill('Spring is here');
    // Text typed in place, one word made bold from the toolbar.
    const text = canvas.getByRole('textbox', { name: 'Text', exact: true });
    await text.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Hello friends');
    await page.keyboard.press('Shift+ArrowLeft');
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Bold' }).click();
    await text.locator('strong', { hasText: 'friends' }).waitFor();

    // The button's link and label in its settings.
    await canvas.getByRole('group', { name: /^Button block/ }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Button label').fill('See the offer');
    await settings.getByLabel('Button link').fill('https://acme.test/offer');

    // An image, uploaded through /uploads.
    await drag(page, page.getByRole('button', { name: 'Add Image' }), canvas);
    await settings.getByText('Image settings').waitFor();
    await settings
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => settings.getByLabel('Image address').inputValue()).toMatch(/\/uploads\/[\w-]+\.png$/);
    await settings.getByLabel('Alternative text').fill('Acme logo');

    // Undo: a divider added, then gone again (the button); a move, undone with Ctrl+Z.
    await drag(page, page.getByRole('button', { name: 'Add Divider' }), canvas);
    await expect.poll(() => canvasTypes(page)).toContain('Divider');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => canvasTypes(page)).toEqual(['Heading', 'Text', 'Button', 'Image']);
    // The palette by keyboard: Enter on a block type adds it after the selected block; Ctrl+Z takes it back.
    await page.getByRole('button', { name: 'Add Spacer' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => canvasTypes(page)).toEqual(['Heading', 'Text', 'Button', 'Image', 'Spacer']);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => canvasTypes(page)).toEqual(['Heading', 'Text', 'Button', 'Image']);

    // Reordered by keyboard: the image's handle picked up with Space, moved up two places with the
    // arrow key, dropped with Space. dnd-kit says each step in its live region, in the blocks' names.
    // (A tall window: an arrow that finds the block out of view scrolls the page first.)
    await page.setViewportSize({ width: 1280, height: 2400 });
    // dnd-kit cancels a keyboard drag when the window resizes: the resize is let through first.
    await settle(page);
    await canvas.getByRole('button', { name: /^Drag Image block/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => heard(page)).toContain('the Image block is over the Image block');
    // An arrow pressed before dnd-kit has measured the blocks is lost (nothing moves): pressed again,
    // but only once the live region has had time to say the first one was lost; on a loaded machine
    // the announcement of an arrow that did move can come late, and a second arrow would move twice.
    const stepUpTo = async (name: string) => {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const before = await heard(page);
        await page.keyboard.press('ArrowUp');
        const moved = await expect
          .poll(() => heard(page), { timeout: 5_000 })
          .not.toBe(before)
          .then(() => true)
          .catch(() => false);
        if (moved) break;
      }
      await expect.poll(() => heard(page)).toContain(`is over the ${name} block`);
    };
    await stepUpTo('Button');
    await stepUpTo('Text');
    await page.keyboard.press('Space');
    await expect.poll(() => heard(page)).toContain('was dropped at the Text block');
    await expect.poll(() => canvasTypes(page)).toEqual(['Heading', 'Image', 'Text', 'Button']);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => canvasTypes(page)).toEqual(['Heading', 'Text', 'Button', 'Image']);
    await page.setViewportSize({ width: 1280, height: 860 });

    // The server's preview, on a phone's width.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('button', { name: 'Mobile' }).click();
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await frame.getByText('Spring is here').first().waitFor();
    await frame.locator('a[href="https://acme.test/offer"]', { hasText: 'See the offer' }).waitFor();
    await frame.locator('strong', { hasText: 'friends' }).waitFor();
    expect((await page.locator('iframe[title="Email preview"]').boundingBox())!.width).toBeLessThan(400);

    // Chromium paints a frame only once it has been in view: the preview is scrolled to first.
    for (const [width, height] of [
      [1280, 860],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.locator('iframe[title="Email preview"]').scrollIntoViewIfNeeded();
      await frame.getByText('Spring is here').first().waitFor();
      await t.screenshot(`editor-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('saves, and sends a test that arrives', { timeout: 120_000 }, async () => {
    const { page } = t;
    // Leaving first: the unsaved email holds the way out with a question.
    await page.getByRole('link', { name: 'Templates' }).first().click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    templateId = page.url().split('/').at(-1)!;
    const saved = await get();
    expect(saved.format).toBe('BLOCKS');
    expect(saved.version).toBe(1);
    const blocks = saved.document!.blocks;
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'text', 'button', 'image']);
    expect(blocks[1]!.html).toBe('Hello <strong>friends</strong>');
    expect(blocks[2]).toMatchObject({ label: 'See the offer', href: 'https://acme.test/offer' });
    expect(blocks[3]).toMatchObject({ alt: 'Acme logo', src: expect.stringMatching(/\/uploads\//) });

    await page.getByRole('button', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test email' });
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog.getByText(`Test sent to ${email}.`).waitFor();
    type Outbox = { data: Array<{ subject: string; html: string }> };
    const outbox = () => t.call<Outbox>('GET', `/outbox?to=${encodeURIComponent(email)}`, undefined, projectId);
    await expect.poll(async () => (await outbox()).data.length, { timeout: 15_000 }).toBe(1);
    const [message] = (await outbox()).data;
    expect(message!.subject).toBe('[TEST] Spring is here');
    expect(message!.html).toContain('See the offer');
    expect(message!.html).toContain('<strong>friends</strong>');
    expect(message!.html).not.toContain('<mj-');
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  it('changes it, compares the two versions and restores the first', { timeout: 120_000 }, async () => {
    const { page } = t;
    const canvas = page.getByRole('region', { name: 'Email content' });
    await canvas.getByLabel('Heading text').fill('Summer is coming');
    await page.getByLabel('Subject', { exact: true }).fill('Summer is coming');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await get()).version).toBe(2);

    const versions = page.locator('section', { has: page.getByRole('heading', { name: 'Versions', exact: true }) });
    await versions.getByRole('row', { name: /^2 Live/ }).waitFor();
    await versions.getByLabel('Compare version').selectOption('1');
    await versions.getByLabel('with version').selectOption('2');
    await versions.getByRole('button', { name: 'Compare' }).click();
    const compared = page.getByRole('region', { name: 'Version 1 and version 2' });
    await compared.getByRole('row', { name: /Subject.*changed/ }).waitFor();
    await page.frameLocator('iframe[title="Version 1: email preview"]').getByText('Spring is here').first().waitFor();
    await page.frameLocator('iframe[title="Version 2: email preview"]').getByText('Summer is coming').first().waitFor();
    await compared.scrollIntoViewIfNeeded();
    await t.screenshot('compare');

    await versions.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await get()).version).toBe(3);
    const restored = await get();
    expect(restored.subject).toBe('Spring is here');
    expect(restored.document!.blocks[0]).toMatchObject({ type: 'heading', text: 'Spring is here' });
    await expect.poll(() => canvas.getByLabel('Heading text').inputValue()).toBe('Spring is here');
  });

  it('keeps a draft apart until it is published, and refuses a stale save', { timeout: 120_000 }, async () => {
    const { page } = t;
    const canvas = page.getByRole('region', { name: 'Email content' });
    await canvas.getByLabel('Heading text').fill('A draft heading');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByText('This template has an unpublished draft.').waitFor();
    const drafted = await get();
    expect(drafted.version).toBe(3);
    expect(drafted.draft).not.toBeNull();
    expect(drafted.document!.blocks[0]).toMatchObject({ text: 'Spring is here' });
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await expect.poll(async () => (await get()).version).toBe(4);
    expect((await get()).draft).toBeNull();
    expect((await get()).document!.blocks[0]).toMatchObject({ text: 'A draft heading' });

    // Someone else saves meanwhile (the API, based on version 4): this screen's save is stale.
    await t.call('PATCH', `/templates/${templateId}`, { subject: 'Changed elsewhere', baseVersion: 4 }, projectId);
    await canvas.getByLabel('Heading text').fill('Mine');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Someone saved a newer version.').waitFor();
    expect((await get()).subject).toBe('Changed elsewhere');
    await t.screenshot('conflict');
    await page.getByRole('button', { name: 'Reload the template' }).click();
    await expect.poll(() => page.getByLabel('Subject', { exact: true }).inputValue()).toBe('Changed elsewhere');
    await expect.poll(() => canvas.getByLabel('Heading text').inputValue()).toBe('A draft heading');
  });

  it('writes a campaign in the visual editor from a block template, and tests it', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/campaigns/new`);
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Autumn letter');
    await page.getByLabel('From address').fill('news@acme.test');
    // A template in blocks brings its format and document.
    await page.getByLabel('Start from a template').selectOption({ label: 'Spring news' });
    expect(await page.getByRole('radio', { name: /Visual editor/ }).isChecked()).toBe(true);
    const canvas = page.getByRole('region', { name: 'Email content' });
    await expect.poll(() => canvas.getByLabel('Heading text').inputValue()).toBe('A draft heading');
    // The server renders the campaign's blocks as it renders the template's.
    await expect
      .poll(() => page.locator('iframe[title="Email preview"]').first().getAttribute('srcdoc'))
      .toContain('A draft heading');
    await drag(page, page.getByRole('button', { name: 'Add Spacer' }), canvas);
    await expect.poll(() => canvasTypes(page)).toEqual(['Heading', 'Text', 'Button', 'Image', 'Spacer']);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await page.getByRole('heading', { name: 'Autumn letter', level: 1 }).waitFor();
    const id = page.url().split('/').at(-1)!;
    const saved = await t.call<{ format: string; document: { blocks: Block[] } }>(
      'GET',
      `/campaigns/${id}`,
      undefined,
      projectId,
    );
    expect(saved.format).toBe('BLOCKS');
    expect(saved.document.blocks.map((b) => b.type)).toEqual(['heading', 'text', 'button', 'image', 'spacer']);

    await page.getByRole('button', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test email' });
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(`Test sent to ${email}`).waitFor();
    type Outbox = { data: Array<{ subject: string; html: string }> };
    await expect
      .poll(async () => {
        const sent = await t.call<Outbox>('GET', `/outbox?to=${encodeURIComponent(email)}`, undefined, projectId);
        return sent.data.find((m) => m.subject.includes('Changed elsewhere'))?.html ?? '';
      })
      .toContain('A draft heading');
  });
});
