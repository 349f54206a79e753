import { waitForQuiet } from '@site/shared-ui/whenPageIdle';

describe('waitForQuiet', () => {
  const quietMs = 1000;

  it('waits the whole quiet time from the load event when nothing arrived after it', () => {
    expect(waitForQuiet(500, 300, 500, quietMs)).toBe(1000);
    expect(waitForQuiet(900, 300, 500, quietMs)).toBe(600);
  });

  it('counts from the last arrival when something arrived after the load event', () => {
    expect(waitForQuiet(1500, 1200, 500, quietMs)).toBe(700);
  });

  it('is 0 once the network has been quiet long enough', () => {
    expect(waitForQuiet(2200, 1200, 500, quietMs)).toBe(0);
    expect(waitForQuiet(5000, 1200, 500, quietMs)).toBe(0);
  });
});
