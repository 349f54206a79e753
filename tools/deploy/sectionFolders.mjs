// The four sections: their names (the keys of remotes.json) and the folders they are built in. Free of dependencies,
// so the deploy script runs on a deploy machine without node_modules.
export const sectionFolders = {
  portfolio: 'mfe-portfolio',
  tutorials: 'mfe-tutorials',
  courses: 'mfe-courses',
  help: 'mfe-help',
};
