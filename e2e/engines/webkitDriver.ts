// WebKitGTK (Debian's build) through selenium-webdriver and WebKitWebDriver: classic WebDriver is all WebKitGTK
// offers (no BiDi, no init scripts, no console), and Playwright drives only its own patched WebKit. MiniBrowser has
// no headless mode, so it runs in a virtual display (xvfb-run). Errors are seen by the probe alone (probe.js).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Builder, By, WebElement, type WebDriver } from 'selenium-webdriver';
import type { ElementQuery, EngineDriver, InPage } from './engineDriver.ts';
import type { EngineLauncher } from './engineLauncher.ts';

export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// MiniBrowser's GTK toolbar keeps its window at least ~447 px wide; without minimum sizes it goes down to a phone's.
const narrowToolbar =
  'toolbar, headerbar, entry, button { min-width: 0; min-height: 0; padding: 0; margin: 0; }\n';

async function waitForDriver(url: string, driverProcess: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (driverProcess.exitCode !== null)
      throw new Error(`WebKitWebDriver exited (${driverProcess.exitCode})`);
    const ready = await fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on ${url}`);
}

async function element(driver: WebDriver, query: ElementQuery): Promise<WebElement> {
  const found = await driver.executeScript<WebElement | null>(
    (q: ElementQuery) => window.__engines.find(q),
    query,
  );
  if (!found) throw new Error(`no element for ${JSON.stringify(query)}`);
  // Once in a run, WebKit's driver handed back something that was not an element (click: not a function): say what.
  if (!(found instanceof WebElement))
    throw new Error(
      `WebKit's driver answered ${JSON.stringify(found)} for ${JSON.stringify(query)}, not an element`,
    );
  return found;
}

/** How long a new MiniBrowser session may take to open before the driver is started again (seen to hang, rarely). */
const sessionTimeoutMs = 20_000;

/** Starts WebKitWebDriver (and its virtual display) on the port; each journey gets a MiniBrowser of its own. */
export async function launchWebKit(port: number): Promise<EngineLauncher> {
  const config = mkdtempSync(path.join(tmpdir(), 'engines-webkit-'));
  mkdirSync(path.join(config, 'gtk-3.0'));
  writeFileSync(path.join(config, 'gtk-3.0', 'gtk.css'), narrowToolbar);
  const url = `http://127.0.0.1:${port}`;
  let driverProcess: ChildProcess | undefined;
  const stopDriver = async () => {
    const running = driverProcess;
    if (running && running.exitCode === null && running.pid) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      process.kill(-running.pid, 'SIGTERM');
      await exited;
    }
  };
  const startDriver = async () => {
    // Its own process group, so stopping it stops the virtual display and every browser with it.
    driverProcess = spawn('xvfb-run', ['-a', webkitDriverPath, `--port=${port}`], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, XDG_CONFIG_HOME: config },
    });
    await waitForDriver(url, driverProcess);
  };
  const stop = async () => {
    await stopDriver();
    rmSync(config, { recursive: true, force: true });
  };
  try {
    await startDriver();
  } catch (error) {
    await stop();
    throw error;
  }

  /** A new session, or, when opening one hangs, the same after starting the driver (and its display) again. */
  async function openSession(): Promise<WebDriver> {
    for (let attempt = 1; ; attempt += 1) {
      const building = new Builder()
        .usingServer(url)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
        })
        .build();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timed out'>((resolve) => {
        timer = setTimeout(() => resolve('timed out'), sessionTimeoutMs);
      });
      const opened = await Promise.race([building, timedOut]).finally(() => clearTimeout(timer));
      if (opened !== 'timed out') return opened;
      building.catch(() => undefined);
      if (attempt === 2) throw new Error(`WebKit: no session within ${sessionTimeoutMs} ms, twice`);
      console.warn(`WebKit: no session within ${sessionTimeoutMs} ms; starting WebKitWebDriver again`);
      await stopDriver();
      await startDriver();
    }
  }

  return {
    async newDriver(): Promise<EngineDriver> {
      const driver = await openSession();
      const resize = async (width: number, height: number) => {
        await driver.manage().window().setRect({ width, height });
        // The toolbar takes some of the window's height: grow the window by what it takes, measured once the window
        // has its new size (on a loaded machine the page still had the old one: shrinking 1280 to 390 read 1280 and
        // asked for a width of -500).
        let inner: [number, number] = [width, height];
        await driver.wait(async () => {
          const rect = await driver.manage().window().getRect();
          inner = await driver.executeScript<[number, number]>(
            'return [window.innerWidth, window.innerHeight]',
          );
          return rect.width === width && rect.height === height && inner[0] <= width && inner[1] <= height;
        }, 10_000);
        await driver
          .manage()
          .window()
          .setRect({ width: width + (width - inner[0]), height: height + (height - inner[1]) });
      };
      await resize(1280, 800);
      return {
        engine: 'webkit',
        open: (url) => driver.get(url),
        evaluate: <Arg, Result>(fn: InPage<Arg, Result>, arg: Arg) => driver.executeScript<Result>(fn, arg),
        click: async (query) => (await element(driver, query)).click(),
        type: async (query, text) => (await element(driver, query)).sendKeys(text),
        select: async (query, value) =>
          (await element(driver, query)).findElement(By.css(`option[value="${value}"]`)).click(),
        resize,
        engineProblems: () => [],
        close: () => driver.quit(),
      };
    },
    stop,
  };
}
