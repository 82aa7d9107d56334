import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../components/account/test-fetch';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { EditorToolbar } from '../EditorToolbar';
import { versionPath, versionsPath } from './versions-api';

const GENERATED = '# 春季护肤指南\n\n春天来了，皮肤容易干燥。';
const SAVED = '# 春季护肤指南\n\n春天来了，肌肤容易缺水。';
const LIST = versionsPath('a1');

const listOf = (...sources: [string, string][]) =>
  jsonResponse({
    success: true,
    data: sources.map(([versionId, source], index) => ({
      versionId,
      source,
      createdAt: `2026-03-0${5 - index}T06:03:00.000Z`,
      chars: 20 + index,
      ...(source === 'revision' ? { action: 'polish' } : {}),
    })),
  });
const text = (body: string) => () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

function renderToolbar(props: { dirty?: boolean; content?: string } = {}) {
  const onRestored = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <EditorToolbar
      articleId="a1"
      title="春季护肤指南"
      words={12}
      dirty={props.dirty ?? false}
      saving={false}
      problem={null}
      onSave={() => {}}
      content={props.content ?? SAVED}
      onRestored={onRestored}
    />,
  );
  return { user, onRestored };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '历史版本' }));
  return screen.findByRole('dialog', { name: '历史版本' });
}

describe('VersionsPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the versions newest first with their source, time and 字数', async () => {
    stubApi({ [LIST]: () => listOf(['3', 'revision'], ['2', 'save'], ['1', 'generate']) });
    const { user } = renderToolbar();
    const panel = await openPanel(user);
    const items = await within(panel).findAllByTestId('version-item');
    expect(items.map((item) => within(item).getByTestId('version-source').textContent)).toEqual(['AI编辑·润色', '保存', '生成']);
    expect(items[0]!).toHaveTextContent('最新');
    expect(items[0]!).toHaveTextContent('20 字');
    expect(within(items[0]!).getByRole('time')).toHaveAttribute('dateTime', '2026-03-05T06:03:00.000Z');
    expect(within(items[0]!).getByRole('time').textContent).toMatch(/^2026\/03\/05 \d{2}:03$/);
  });

  it('says when there is no version yet', async () => {
    stubApi({ [LIST]: () => jsonResponse({ success: true, data: [] }) });
    const { user } = renderToolbar();
    const panel = await openPanel(user);
    expect(await within(panel).findByText('还没有历史版本')).toBeInTheDocument();
  });

  it('words a failed list by its status and reads it again on 重试', async () => {
    let answer = () => new Response(JSON.stringify({ success: false, message: '未找到该版本' }), { status: 500 });
    stubApi({ [LIST]: () => answer() });
    const { user } = renderToolbar();
    const panel = await openPanel(user);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('历史版本加载失败，请稍后重试');
    answer = () => listOf(['1', 'generate']);
    await user.click(within(panel).getByRole('button', { name: '重试' }));
    expect(await within(panel).findByText('生成')).toBeInTheDocument();
  });

  it('compares a version with the editor text, marked in colour and in words', async () => {
    stubApi({ [LIST]: () => listOf(['2', 'save'], ['1', 'generate']), [versionPath('a1', '1')]: text(GENERATED) });
    const { user } = renderToolbar();
    const panel = await openPanel(user);
    await user.click((await within(panel).findAllByTestId('version-item'))[1]!);
    const diff = await within(panel).findByTestId('version-diff');
    const added = diff.querySelectorAll('ins');
    const removed = diff.querySelectorAll('del');
    expect([...added].map((node) => node.textContent)).toContain('［恢复后加入：皮肤］');
    expect([...removed].map((node) => node.textContent)).toContain('［恢复后删去：肌肤］');
    expect(within(panel).getByTestId('version-diff-summary')).toHaveTextContent('加入 4 字');
  });

  it('restores after a confirm: POST, the editor gets the text, the list is read again', async () => {
    let list = () => listOf(['2', 'save'], ['1', 'generate']);
    const { calls } = stubApi({
      [LIST]: () => list(),
      [versionPath('a1', '1')]: text(GENERATED),
      [`${versionPath('a1', '1')}/restore`]: () => {
        list = () => listOf(['3', 'restore'], ['2', 'save'], ['1', 'generate']);
        return jsonResponse({ success: true, message: '已恢复到该版本' });
      },
    });
    const { user, onRestored } = renderToolbar();
    const panel = await openPanel(user);
    await user.click((await within(panel).findAllByTestId('version-item'))[1]!);
    await within(panel).findByTestId('version-diff');

    await user.click(within(panel).getByRole('button', { name: '恢复此版本' }));
    const confirm = within(panel).getByTestId('version-restore-confirm');
    expect(confirm).toHaveTextContent('当前内容已保存在历史版本中');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: '确认恢复' }));

    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(GENERATED));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/v1/article/a1/versions/1/restore']);
    await waitFor(() => expect(within(panel).getAllByTestId('version-source')[0]).toHaveTextContent('恢复'));
    expect(screen.getByText('已恢复到该版本')).toBeInTheDocument();
  });

  it('warns that unsaved edits will be replaced, and a cancel restores nothing', async () => {
    const { calls } = stubApi({ [LIST]: () => listOf(['1', 'generate']), [versionPath('a1', '1')]: text(GENERATED) });
    const { user, onRestored } = renderToolbar({ dirty: true, content: `${SAVED}未保存` });
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('version-item'));
    await within(panel).findByTestId('version-diff');
    await user.click(within(panel).getByRole('button', { name: '恢复此版本' }));
    expect(within(panel).getByTestId('version-restore-confirm')).toHaveTextContent('编辑器中未保存的更改将被替换');
    await user.click(within(panel).getByRole('button', { name: '取消' }));
    expect(within(panel).queryByTestId('version-restore-confirm')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('words a failed restore by its status and leaves the editor alone', async () => {
    stubApi({
      [LIST]: () => listOf(['1', 'generate']),
      [versionPath('a1', '1')]: text(GENERATED),
      [`${versionPath('a1', '1')}/restore`]: () => new Response(JSON.stringify({ success: false, message: '网络错误' }), { status: 404 }),
    });
    const { user, onRestored } = renderToolbar();
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('version-item'));
    await within(panel).findByTestId('version-diff');
    await user.click(within(panel).getByRole('button', { name: '恢复此版本' }));
    await user.click(within(panel).getByRole('button', { name: '确认恢复' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('未找到该版本，可能已被清理');
    expect(onRestored).not.toHaveBeenCalled();
  });
});
