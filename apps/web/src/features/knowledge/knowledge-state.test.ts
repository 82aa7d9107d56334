import { describe, expect, it } from 'vitest';
import { kbFile } from './knowledge-fakes';
import { initialKnowledgeState, type KnowledgeEvent, type KnowledgeState, knowledgeFlags, reduceKnowledge } from './knowledge-state';

const run = (events: KnowledgeEvent[], from: KnowledgeState = initialKnowledgeState()) => events.reduce(reduceKnowledge, from);

const withBuilt = () =>
  run([
    { type: 'enable' },
    { type: 'uploadStarted' },
    { type: 'uploaded', sessionId: 's1', files: [kbFile('f1'), kbFile('f2')] },
    { type: 'buildStarted' },
    { type: 'built' },
  ]);

describe('reduceKnowledge', () => {
  it('starts off, unbuilt, with validity unknown', () => {
    expect(initialKnowledgeState()).toMatchObject({ enabled: false, sessionId: null, files: [], build: 'none', validity: 'unknown' });
  });

  it('walks the build states none → building → built, and building → error with the cause', () => {
    const built = withBuilt();
    expect(built.build).toBe('built');
    expect(built.progress).toBeNull();

    const building = reduceKnowledge(built, { type: 'buildStarted' });
    expect(building).toMatchObject({ build: 'building', progress: { percent: 0 } });
    const moved = reduceKnowledge(building, { type: 'buildProgress', event: { status: 'progress', message: '正在构建索引 5/10' } });
    expect(moved.progress).toMatchObject({ percent: 50, message: '正在构建索引 5/10' });
    const failed = reduceKnowledge(moved, { type: 'buildFailed', message: '构建知识库失败：向量服务不可用' });
    expect(failed).toMatchObject({ build: 'error', buildError: '构建知识库失败：向量服务不可用', progress: null });
    // A new build clears the old cause.
    expect(reduceKnowledge(failed, { type: 'buildStarted' })).toMatchObject({ build: 'building', buildError: null });
  });

  it('ignores progress when no build runs', () => {
    const built = withBuilt();
    expect(reduceKnowledge(built, { type: 'buildProgress', event: { progress: 10 } })).toBe(built);
  });

  it('walks validity unknown → checking → valid, taking the files and the build state of the server', () => {
    const checking = run([{ type: 'enable' }, { type: 'checkStarted', sessionId: 's1' }]);
    expect(checking).toMatchObject({ validity: 'checking', sessionId: 's1' });
    const valid = reduceKnowledge(checking, { type: 'checkPassed', sessionId: 's1', files: [kbFile('f1')], status: 'completed' });
    expect(valid).toMatchObject({ validity: 'valid', build: 'built', files: [kbFile('f1')] });
    expect(reduceKnowledge(checking, { type: 'checkPassed', sessionId: 's1', files: [], status: 'building' })).toMatchObject({
      build: 'building',
      progress: { percent: 0 },
    });
    expect(reduceKnowledge(checking, { type: 'checkPassed', sessionId: 's1', files: [], status: 'error' }).build).toBe('error');
    expect(reduceKnowledge(checking, { type: 'checkPassed', sessionId: 's1', files: [], status: 'none' }).build).toBe('none');
  });

  it('forgets an unconfirmed session when the check could not be made', () => {
    const failed = run([{ type: 'enable' }, { type: 'checkStarted', sessionId: 's1' }, { type: 'checkFailed' }]);
    expect(failed).toMatchObject({ validity: 'unknown', sessionId: null });
  });

  it('on expiry (a 404) clears session, files and build state and marks the session expired', () => {
    const busy = { ...withBuilt(), uploading: true, deleting: ['f1'] };
    const expired = reduceKnowledge(busy, { type: 'expired' });
    expect(expired).toEqual({ ...initialKnowledgeState(), enabled: true, validity: 'expired' });
  });

  it('resets a built knowledge base to none when a file is uploaded', () => {
    const after = run([{ type: 'uploadStarted' }, { type: 'uploaded', sessionId: 's1', files: [kbFile('f3')] }], withBuilt());
    expect(after).toMatchObject({ build: 'none', uploading: false, validity: 'valid' });
    expect(after.files.map((file) => file.fileId)).toEqual(['f1', 'f2', 'f3']);
  });

  it('resets a built knowledge base to none when a file is deleted, and clears the busy mark', () => {
    const deleting = reduceKnowledge(withBuilt(), { type: 'deleteStarted', fileId: 'f1' });
    expect(deleting.deleting).toEqual(['f1']);
    expect(deleting.build).toBe('built');
    const after = reduceKnowledge(deleting, { type: 'deleted', fileId: 'f1' });
    expect(after).toMatchObject({ build: 'none', deleting: [] });
    expect(after.files.map((file) => file.fileId)).toEqual(['f2']);
  });

  it('keeps the build when an upload or a delete fails', () => {
    expect(run([{ type: 'uploadStarted' }, { type: 'uploadFailed' }], withBuilt())).toMatchObject({ build: 'built', uploading: false });
    expect(run([{ type: 'deleteStarted', fileId: 'f1' }, { type: 'deleteFailed', fileId: 'f1' }], withBuilt())).toMatchObject({
      build: 'built',
      deleting: [],
      files: [kbFile('f1'), kbFile('f2')],
    });
  });

  it('starts a new list when an upload answers with another session', () => {
    const after = reduceKnowledge(withBuilt(), { type: 'uploaded', sessionId: 's2', files: [kbFile('n1')] });
    expect(after).toMatchObject({ sessionId: 's2', files: [kbFile('n1')] });
  });

  it('resets validity to unknown when turned off, keeping the files', () => {
    const off = reduceKnowledge(withBuilt(), { type: 'disable' });
    expect(off).toMatchObject({ enabled: false, validity: 'unknown', build: 'built', sessionId: 's1' });
    expect(off.files).toHaveLength(2);
  });
});

describe('knowledgeFlags', () => {
  it('allows a build only with files and nothing under way', () => {
    expect(knowledgeFlags(initialKnowledgeState()).canBuild).toBe(false);
    const built = withBuilt();
    expect(knowledgeFlags(built).canBuild).toBe(true);
    expect(knowledgeFlags({ ...built, build: 'building' })).toMatchObject({ canBuild: false, canUpload: false, building: true });
    expect(knowledgeFlags({ ...built, uploading: true }).canBuild).toBe(false);
    expect(knowledgeFlags({ ...built, validity: 'checking' }).canUpload).toBe(false);
  });

  it('hints at building only while on, with files, and unbuilt', () => {
    const built = withBuilt();
    expect(knowledgeFlags(built).showUnbuiltHint).toBe(false);
    expect(knowledgeFlags({ ...built, build: 'none' }).showUnbuiltHint).toBe(true);
    expect(knowledgeFlags({ ...built, build: 'none', enabled: false }).showUnbuiltHint).toBe(false);
    expect(knowledgeFlags({ ...built, build: 'none', files: [] }).showUnbuiltHint).toBe(false);
  });
});
