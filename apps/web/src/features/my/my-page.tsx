// `/my/*`: the personal centre (issue 9 §4). The personal-centre work fills this in.
export { Component } from '../placeholder/placeholder-page.tsx';
