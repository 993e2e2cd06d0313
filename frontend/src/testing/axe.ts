import axe from 'axe-core';

/**
 * axe-core's serious and critical findings on a rendered tree, as "rule: target" lines (empty when none). jsdom has no
 * layout, so colour contrast is left to the browser journeys (e2e/axe.js).
 */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
