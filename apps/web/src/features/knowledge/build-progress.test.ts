import { describe, expect, it } from 'vitest';
import { nextBuildProgress, parseBatch, startingBuildProgress } from './build-progress';

describe('parseBatch', () => {
  it('reads index/total from the message', () => {
    expect(parseBatch('正在构建索引 3/10')).toEqual({ index: 3, total: 10 });
    expect(parseBatch('向量化批次 12 / 40 完成')).toEqual({ index: 12, total: 40 });
  });

  it('takes the last pair and skips pairs that cannot be batches', () => {
    expect(parseBatch('文件 2/3：批次 5/8')).toEqual({ index: 5, total: 8 });
    expect(parseBatch('批次 3/0')).toBeNull();
    expect(parseBatch('批次 11/10')).toBeNull();
    expect(parseBatch('正在解析文件')).toBeNull();
    expect(parseBatch(undefined)).toBeNull();
  });
});

describe('nextBuildProgress', () => {
  const start = startingBuildProgress();

  it('uses the event progress when sent, with the batch beside it', () => {
    expect(nextBuildProgress(start, { status: 'progress', progress: 42.4, message: '正在构建索引 3/10' })).toEqual({
      percent: 42,
      message: '正在构建索引 3/10',
      batch: { index: 3, total: 10 },
    });
  });

  it('falls back on the batch share when the event has no progress', () => {
    expect(nextBuildProgress(start, { status: 'progress', message: '正在构建索引 3/10' }).percent).toBe(30);
  });

  it('never moves back and keeps the message of a message-less event', () => {
    const at60 = nextBuildProgress(start, { progress: 60, message: '正在分词' });
    const warning = nextBuildProgress(at60, { status: 'warning', progress: 20 });
    expect(warning).toEqual({ percent: 60, message: '正在分词', batch: null });
  });

  it('clamps out-of-range values and reaches 100 on completed', () => {
    expect(nextBuildProgress(start, { progress: 250 }).percent).toBe(100);
    expect(nextBuildProgress(start, { progress: -5 }).percent).toBe(0);
    expect(nextBuildProgress(start, { status: 'completed', message: '完成' }).percent).toBe(100);
  });

  it('starts at 0 with a preparing message', () => {
    expect(start).toEqual({ percent: 0, message: '正在准备构建...', batch: null });
    expect(nextBuildProgress(null, { message: '批次 1/4' }).percent).toBe(25);
  });
});
