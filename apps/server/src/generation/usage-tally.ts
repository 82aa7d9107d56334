import type { LlmPurpose, TokenUsage } from '../providers/llm/llm-port.js';
import { addUsage, NO_USAGE } from '../providers/llm/llm-port.js';
import { estimateCostYuan, type LlmPricing } from '../providers/llm/llm-usage.js';

/**
 * Token usage of one task, per stage (the agent's purpose) and in total, with its cost when priced;
 * stored on the task row. cachedPromptTokens (the prompt tokens the provider's prefix cache served)
 * appears per stage and in total once any call of the task reported it.
 */
export class UsageTally {
  private readonly byStage = new Map<LlmPurpose, TokenUsage & { calls: number }>();

  constructor(private readonly pricing?: LlmPricing) {}

  add(purpose: LlmPurpose, usage: TokenUsage): void {
    const current = this.byStage.get(purpose) ?? { ...NO_USAGE, calls: 0 };
    this.byStage.set(purpose, { ...addUsage(current, usage), calls: current.calls + 1 });
  }

  total(): TokenUsage {
    return [...this.byStage.values()].reduce<TokenUsage>((sum, usage) => addUsage(sum, usage), NO_USAGE);
  }

  toJSON(): { total: TokenUsage; stages: Record<string, TokenUsage & { calls: number }>; costYuan?: number } {
    const total = this.total();
    return {
      total,
      stages: Object.fromEntries(this.byStage),
      ...(this.pricing ? { costYuan: estimateCostYuan(total, this.pricing) } : {}),
    };
  }
}
