import { selectFeaturedProjects } from '../featuredProjects.ts';

const project = (title: string, featuredRank: number | null) => ({ title, featuredRank });

describe('selectFeaturedProjects', () => {
  it.each<[string, { title: string; featuredRank: number | null }[], string[]]>([
    ['none featured', [project('A', null), project('B', null)], []],
    [
      'ordered by rank, not by list order',
      [project('C', 3), project('A', 1), project('B', 2)],
      ['A', 'B', 'C'],
    ],
    ['unranked projects left out', [project('X', null), project('A', 2), project('Y', null)], ['A']],
    ['three at most', [project('D', 4), project('C', 3), project('B', 2), project('A', 1)], ['A', 'B', 'C']],
    ['fewer than three', [project('B', 2), project('A', 1)], ['A', 'B']],
    ['empty', [], []],
  ])('%s', (_case, projects, expected) => {
    expect(selectFeaturedProjects(projects).map((p) => p.title)).toEqual(expected);
  });

  it('leaves the given list in its order', () => {
    const projects = [project('B', 2), project('A', 1)];
    selectFeaturedProjects(projects);
    expect(projects.map((p) => p.title)).toEqual(['B', 'A']);
  });
});
