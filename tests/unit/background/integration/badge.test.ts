// What the tab's badge and a notification say, from the outcome of a create or a regeneration.
import { describe, expect, it } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import { describeOutcome, failure } from '@/entrypoints/background/integration/quick-create';
import { BADGE_COLOURS, outcomeLook, runningLook } from '@/entrypoints/background/score-badge';
import { useTestLanguage } from '../../fake-i18n';
import { failed, makeReport, ok } from '../../popup/fixtures';

describe('the badge of a report made from the menu or the shortcut', () => {
  it('shows the rounded score in its band’s colour', () => {
    const look = outcomeLook(
      describeOutcome(
        'create',
        null,
        ok(makeReport({ url: 'example.com/a', result: 'decent', score: 73.68 })),
      ),
    );
    expect(look).toEqual({
      text: '74',
      colour: BADGE_COLOURS.decent,
      title: 'Report created: Result for example.com/a: Decent · 74',
    });
  });

  it('shows ✓ for a report without a score yet, or one scored with a word only', () => {
    const pending = outcomeLook(
      describeOutcome('create', null, ok(makeReport({ url: 'example.com/a', result: null }))),
    );
    expect(pending).toMatchObject({
      text: '✓',
      title: 'Report created: Result for example.com/a: no score yet',
    });
    const word = outcomeLook(
      describeOutcome('create', null, ok(makeReport({ url: 'example.com/a', score: null }))),
    );
    expect(word).toMatchObject({ text: '✓', title: 'Report created: Result for example.com/a: Good' });
  });

  it('shows ! with the reason, the address as the service writes it', () => {
    const look = outcomeLook(
      describeOutcome(
        'create',
        'https://www.example.com/a#x',
        failed(apiError('timeout', { message: 'Too slow.' })),
      ),
    );
    expect(look).toEqual({
      text: '!',
      colour: BADGE_COLOURS.failed,
      title: 'Report not created: For example.com/a: Too slow.',
    });
    expect(failure('regenerate', null, { message: 'Gone.' }).message).toBe('Gone.');
  });

  it('speaks German', () => {
    useTestLanguage('de');
    expect(runningLook('example.com/a').title).toBe('Page Reports: Der Dienst analysiert example.com/a …');
    expect(
      describeOutcome(
        'regenerate',
        null,
        ok(makeReport({ url: 'example.com/a', result: 'good', score: 90 })),
      ),
    ).toMatchObject({ title: 'Ergebnisse neu erstellt', message: 'Ergebnis für example.com/a: Gut · 90' });
  });
});
